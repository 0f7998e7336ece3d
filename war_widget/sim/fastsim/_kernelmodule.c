/* war_widget.sim.fastsim._compiled: the C kernel (kernel.c) as a CPython extension, built by the
   package's build (setup.py).  It holds several builds of kernel.c: one per preset's rule set, the
   rules fixed as constants (builds/b*.c, listed in builds/builds.h by tools/kernel_builds.py), and
   the general build that reads every rule from the table (builds/general.c).  fastsim picks the
   build by the rule table's fixed values (builds()).

   Every call checks its buffers' sizes (a wrong size is a ValueError, never a write past a buffer)
   and lets go of the GIL while it plays: calls on several threads share nothing (kernel.c keeps a
   game's buffers on the call's stack). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#include "builds/builds.h"

typedef int32_t i32;
typedef int64_t i64;
typedef uint64_t u64;

/* kernel.c's sizes (table.py has them too; the tests compare layout() with it) */
enum { TABLE_SIZE = 32 + 128 + 64 + 64 + 64, COLUMNS = 7, STATE_SIZE = 8 * 64 + 21, HISTORY_COLUMNS = 8,
       LAYOUT_SIZE = 24 };

typedef void (*play_games_fn)(u64, i64, const i32 *, i64, i32 *, i64);
typedef i64 (*play_from_fn)(const i32 *, const i32 *, u64, i64, i32 *);
typedef void (*layout_fn)(i64 *);
typedef struct { const char *name, *fixed; play_games_fn play_games; play_from_fn play_from; layout_fn layout; } Build;

#define DECLARE(id, name, fixed)                                                                          \
    void war_##id##_play_games(u64, i64, const i32 *, i64, i32 *, i64);                                  \
    i64 war_##id##_play_from(const i32 *, const i32 *, u64, i64, i32 *);                                 \
    void war_##id##_layout(i64 *);
KERNEL_BUILDS(DECLARE)
#define ENTRY(id, name, fixed) {name, fixed, war_##id##_play_games, war_##id##_play_from, war_##id##_layout},
static const Build BUILDS[] = {KERNEL_BUILDS(ENTRY)};
#define NBUILDS ((int)(sizeof BUILDS / sizeof BUILDS[0]))

static int check_build(int build) {
    if (build < 0 || build >= NBUILDS) {
        PyErr_Format(PyExc_ValueError, "build must be 0 to %d (builds()); got %d", NBUILDS - 1, build);
        return 0;
    }
    return 1;
}

static int check_size(const Py_buffer *b, Py_ssize_t ints, const char *what) {
    if (b->len != ints * (Py_ssize_t)sizeof(i32)) {
        PyErr_Format(PyExc_ValueError, "%s must be %zd int32 values (%zd bytes); got %zd bytes", what, ints,
                     ints * (Py_ssize_t)sizeof(i32), b->len);
        return 0;
    }
    return 1;
}

PyDoc_STRVAR(play_games_doc,
"play_games(build, seed, start, table, max_rounds, out)\n--\n\n"
"Games start .. start + n - 1 of the simulation seeded seed (n = len(out) // 7 rows of 7 int32),\n"
"by the build numbered build; table: the rule table (int32, TABLE_SIZE); max_rounds 0: no cap.");

static PyObject *play_games(PyObject *self, PyObject *args) {
    int build;
    unsigned long long seed;
    long long start, max_rounds;
    Py_buffer table, out;
    if (!PyArg_ParseTuple(args, "iKLy*Lw*", &build, &seed, &start, &table, &max_rounds, &out)) return NULL;
    PyObject *result = NULL;
    if (check_build(build) && check_size(&table, TABLE_SIZE, "table")) {
        if (out.len % (COLUMNS * (Py_ssize_t)sizeof(i32)) != 0) {
            PyErr_Format(PyExc_ValueError, "out must hold whole rows of %d int32 values; got %zd bytes", COLUMNS,
                         out.len);
        } else {
            i64 count = (i64)(out.len / (COLUMNS * (Py_ssize_t)sizeof(i32)));
            play_games_fn play = BUILDS[build].play_games;
            Py_BEGIN_ALLOW_THREADS
            play((u64)seed, (i64)start, (const i32 *)table.buf, (i64)max_rounds, (i32 *)out.buf, count);
            Py_END_ALLOW_THREADS
            result = Py_None;
            Py_INCREF(result);
        }
    }
    PyBuffer_Release(&table);
    PyBuffer_Release(&out);
    return result;
}

PyDoc_STRVAR(play_from_doc,
"play_from(build, table, position, rng, history) -> rounds played\n--\n\n"
"From a position (STATE_SIZE int32) and the generator state rng, play up to len(history) // 8\n"
"rounds, one row of 8 int32 each (reason, game winner, wars, round winner, four counts).");

static PyObject *play_from(PyObject *self, PyObject *args) {
    int build;
    unsigned long long rng;
    Py_buffer table, position, history;
    if (!PyArg_ParseTuple(args, "iy*y*Kw*", &build, &table, &position, &rng, &history)) return NULL;
    PyObject *result = NULL;
    if (check_build(build) && check_size(&table, TABLE_SIZE, "table") &&
        check_size(&position, STATE_SIZE, "position")) {
        if (history.len % (HISTORY_COLUMNS * (Py_ssize_t)sizeof(i32)) != 0) {
            PyErr_Format(PyExc_ValueError, "history must hold whole rows of %d int32 values; got %zd bytes",
                         HISTORY_COLUMNS, history.len);
        } else {
            i64 rounds = (i64)(history.len / (HISTORY_COLUMNS * (Py_ssize_t)sizeof(i32))), played;
            play_from_fn play = BUILDS[build].play_from;
            Py_BEGIN_ALLOW_THREADS
            played = play((const i32 *)table.buf, (const i32 *)position.buf, (u64)rng, rounds, (i32 *)history.buf);
            Py_END_ALLOW_THREADS
            result = PyLong_FromLongLong(played);
        }
    }
    PyBuffer_Release(&table);
    PyBuffer_Release(&position);
    PyBuffer_Release(&history);
    return result;
}

PyDoc_STRVAR(builds_doc,
"builds() -> ((name, fixed), ...)\n--\n\n"
"The builds compiled in, by number: a name (the presets it serves, or 'general') and the rule\n"
"values it fixes as 'NAME=value' words ('' for the general build).");

static PyObject *builds(PyObject *self, PyObject *unused) {
    PyObject *all = PyTuple_New(NBUILDS);
    if (all == NULL) return NULL;
    for (int i = 0; i < NBUILDS; i++) {
        PyObject *item = Py_BuildValue("(ss)", BUILDS[i].name, BUILDS[i].fixed);
        if (item == NULL) {
            Py_DECREF(all);
            return NULL;
        }
        PyTuple_SET_ITEM(all, i, item);
    }
    return all;
}

PyDoc_STRVAR(layout_doc, "layout(build) -> the kernel's 24 layout constants (compared with table.py by the tests)");

static PyObject *layout(PyObject *self, PyObject *args) {
    int build;
    if (!PyArg_ParseTuple(args, "i", &build) || !check_build(build)) return NULL;
    i64 v[LAYOUT_SIZE];
    BUILDS[build].layout(v);
    PyObject *all = PyTuple_New(LAYOUT_SIZE);
    if (all == NULL) return NULL;
    for (int i = 0; i < LAYOUT_SIZE; i++) {
        PyObject *item = PyLong_FromLongLong(v[i]);
        if (item == NULL) {
            Py_DECREF(all);
            return NULL;
        }
        PyTuple_SET_ITEM(all, i, item);
    }
    return all;
}

static PyMethodDef methods[] = {
    {"play_games", play_games, METH_VARARGS, play_games_doc},
    {"play_from", play_from, METH_VARARGS, play_from_doc},
    {"builds", builds, METH_NOARGS, builds_doc},
    {"layout", layout, METH_VARARGS, layout_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_compiled",
    "The C kernel of war_widget's simulator, its builds compiled in (see fastsim).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__compiled(void) { return PyModule_Create(&module); }
