/* The compiled simulator's kernel in C, exactly as the engine plays (every function names the engine
   method it follows; tests/sim compare the two game by game and round by round).  The layout (rule
   table, game buffer, output columns) is table.py's, checked by the tests through war_layout().

   Rules may be fixed at build time: -DFIX_SHORTAGE=1 makes every test of the shortage rule a
   constant, so the compiler drops the branches of the rules not in force; without -D the value is
   read from the rule table (the general build).  The package's build (setup.py) compiles this file
   once per preset's rule set (builds/b*.c define the FIX_ macros and KERNEL_NAME, which renames the
   entry points) and once with no FIX_ (builds/general.c), all into one extension with
   _kernelmodule.c.  Standard C99 that MSVC compiles too (inline and restrict through macros). */
#include <stdint.h>
#include <string.h>

#if defined(_MSC_VER) && !defined(__cplusplus)
#define inline __inline
#define RESTRICT __restrict
#else
#define RESTRICT restrict
#endif
#ifndef KERNEL_NAME                    /* the entry points' names: war_play_games... unless renamed */
#define KERNEL_NAME(name) war_##name
#endif

typedef int32_t i32;
typedef int64_t i64;
typedef uint64_t u64;

/* --- the position ------------------------------------------------------------------------- */
#define CAP 64
#define MASK 63
enum { HAND = 0, WON = 4 * CAP, HHEAD = 8 * CAP, HLEN = HHEAD + 4, WHEAD = HHEAD + 8, WLEN = HHEAD + 12,
       OUT = HHEAD + 16, LAST_WINNER = OUT + 4, STATE_SIZE = OUT + 5 };
/* --- the round's work ---------------------------------------------------------------------- */
enum { W_ = STATE_SIZE, T_PLAYER = W_, T_CARD = W_ + CAP, T_BATTLE = W_ + 2 * CAP, CARDS = W_ + 3 * CAP,
       OWNERS = W_ + 4 * CAP, SCRATCH = W_ + 5 * CAP, BATTLES = W_ + 6 * CAP, SMALL = W_ + 7 * CAP,
       FACEUP = SMALL, REUSING = SMALL + 4, PLAN = SMALL + 8, HAVE = SMALL + 12, IN_ROUND = SMALL + 16,
       FIGHTERS = SMALL + 20, BEST = SMALL + 24, SHORT = SMALL + 28, ROUND_WINNER = SMALL + 32,
       BUFFER_SIZE = SMALL + 33 };
/* --- the rules, as numbers ----------------------------------------------------------------- */
enum { R_PLAYERS, R_FACE_DOWN, R_CAPTURE, R_SHUFFLE_PILE, R_SHORTAGE, R_ZERO, R_WAR_ALL, R_TEAMS, R_ROUND_LIMIT,
       R_GOAL, R_DEAL, R_JOKER_SPLIT, R_LOW_BEATS_ACE, R_LOWEST, R_DETECT, R_DECK_SIZE, R_TIEBREAK_SUITS,
       R_LAST_WINNER_MATTERS, R_GATHER };
enum { STRENGTH = 32, RANK = STRENGTH + 128, RED = RANK + 64, DECK = RED + 64, TABLE_SIZE = DECK + 64 };
#define BY_RANK (-1)
enum { CAPTURE_BOTTOM, CAPTURE_WON_PILE, CAPTURE_ASIDE };
enum { SHORT_LAST_CARD_UP, SHORT_LOSE, SHORT_SPLIT, SHORT_FEWEST };
enum { GOAL_COLLECT, GOAL_LOSER_ALL, GOAL_LOSER_FIRST_OUT };
enum { G_SHUFFLE, G_PLAYED, G_WINNER_FIRST, G_HIGH_FIRST, G_LOW_FIRST, G_STRONG, G_PREVIOUS_WINNER_FIRST,
       G_LOSER_FIRST };
enum { K_ALL_CARDS, K_ROUND_LIMIT, K_TIME, K_CYCLE, K_VOID_ROUND, K_DRUNKARD_LOSER, K_HANDS_EMPTY, K_SHORTAGE,
       K_REUSE_TIE, K_STUCK };         /* K_STUCK: no end of the engine's; a kernel bug stopped (see STUCK_BATTLES) */
/* A round lays a card in every battle but the ones after a drop-out, so it cannot last more battles than
   this: a kernel that does (a bug) ends the game with K_STUCK, which simulate_range reports, never a hang. */
#define STUCK_BATTLES (4 * CAP)
enum { C_LENGTH, C_WINNER, C_REASON, C_WAR_ROUNDS, C_DOUBLE_WARS, C_CYCLE_START, C_CYCLE_PERIOD, COLUMNS };

/* A rule fixed at build time (-DFIX_NAME=value) is a constant, else it is read from the table. */
#ifdef FIX_PLAYERS
#define PLAYERS FIX_PLAYERS
#else
#define PLAYERS r[R_PLAYERS]
#endif
#ifdef FIX_FACE_DOWN
#define FACE_DOWN FIX_FACE_DOWN
#else
#define FACE_DOWN r[R_FACE_DOWN]
#endif
#ifdef FIX_CAPTURE
#define CAPTURE FIX_CAPTURE
#else
#define CAPTURE r[R_CAPTURE]
#endif
#ifdef FIX_SHUFFLE_PILE
#define SHUFFLE_PILE FIX_SHUFFLE_PILE
#else
#define SHUFFLE_PILE r[R_SHUFFLE_PILE]
#endif
#ifdef FIX_SHORTAGE
#define SHORTAGE FIX_SHORTAGE
#else
#define SHORTAGE r[R_SHORTAGE]
#endif
#ifdef FIX_ZERO
#define ZERO FIX_ZERO
#else
#define ZERO r[R_ZERO]
#endif
#ifdef FIX_WAR_ALL
#define WAR_ALL FIX_WAR_ALL
#else
#define WAR_ALL r[R_WAR_ALL]
#endif
#ifdef FIX_TEAMS
#define TEAMS FIX_TEAMS
#else
#define TEAMS r[R_TEAMS]
#endif
#ifdef FIX_ROUND_LIMIT
#define ROUND_LIMIT FIX_ROUND_LIMIT
#else
#define ROUND_LIMIT r[R_ROUND_LIMIT]
#endif
#ifdef FIX_GOAL
#define GOAL FIX_GOAL
#else
#define GOAL r[R_GOAL]
#endif
#ifdef FIX_DEAL
#define DEAL FIX_DEAL
#else
#define DEAL r[R_DEAL]
#endif
#ifdef FIX_JOKER_SPLIT
#define JOKER_SPLIT FIX_JOKER_SPLIT
#else
#define JOKER_SPLIT r[R_JOKER_SPLIT]
#endif
#ifdef FIX_LOW_BEATS_ACE
#define LOW_BEATS_ACE FIX_LOW_BEATS_ACE
#else
#define LOW_BEATS_ACE r[R_LOW_BEATS_ACE]
#endif
#ifdef FIX_LOWEST
#define LOWEST FIX_LOWEST
#else
#define LOWEST r[R_LOWEST]
#endif
#ifdef FIX_DETECT
#define DETECT FIX_DETECT
#else
#define DETECT r[R_DETECT]
#endif
#ifdef FIX_DECK_SIZE
#define DECK_SIZE FIX_DECK_SIZE
#else
#define DECK_SIZE r[R_DECK_SIZE]
#endif
#ifdef FIX_LAST_WINNER_MATTERS
#define LAST_WINNER_MATTERS FIX_LAST_WINNER_MATTERS
#else
#define LAST_WINNER_MATTERS r[R_LAST_WINNER_MATTERS]
#endif
#ifdef FIX_GATHER                      /* every seat gathers the same way */
#define GATHER_OF(p) FIX_GATHER
#else
#define GATHER_OF(p) r[R_GATHER + (p)]
#endif

#define GOLDEN 0x9E3779B97F4A7C15ULL
#define M1 0xBF58476D1CE4E5B9ULL
#define M2 0x94D049BB133111EBULL

typedef struct { i32 reason, winner; } End;
typedef struct { i32 reason, winner, wars; } Round;

/* --- SplitMix64 (war_widget.game.rng) ------------------------------------------------------- */
static inline u64 mix(u64 z) {
    z = (z ^ (z >> 30)) * M1;
    z = (z ^ (z >> 27)) * M2;
    return z ^ (z >> 31);
}

static inline i64 below(u64 *rng, i64 n) {          /* SplitMix64.below: rejection */
    u64 un = (u64)n;
    for (;;) {
        *rng += GOLDEN;
        u64 x = mix(*rng);
        if (x <= (u64)0 - un) return (i64)(x % un);
        u64 rest = ((u64)0 - un) % un;
        if (rest == 0 || x < (u64)0 - rest) return (i64)(x % un);
    }
}

static inline void shuffle_at(u64 *rng, i32 *items, i64 count) {   /* Fisher-Yates, last index down */
    for (i64 i = count - 1; i > 0; i--) {
        i64 j = below(rng, i + 1);
        i32 t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

static inline u64 game_seed(u64 seed, i64 index) { return mix(seed * GOLDEN + (u64)index + GOLDEN) >> 1; }

/* --- piles ------------------------------------------------------------------------------------ */
static inline i32 hand_pop(i32 *s, int p) {
    i32 h = s[HHEAD + p];
    i32 c = s[HAND + p * CAP + h];
    s[HHEAD + p] = (h + 1) & MASK;
    s[HLEN + p] -= 1;
    return c;
}
static inline void hand_push(i32 *s, int p, i32 c) {
    s[HAND + p * CAP + ((s[HHEAD + p] + s[HLEN + p]) & MASK)] = c;
    s[HLEN + p] += 1;
}
static inline void won_push(i32 *s, int p, i32 c) {
    s[WON + p * CAP + ((s[WHEAD + p] + s[WLEN + p]) & MASK)] = c;
    s[WLEN + p] += 1;
}
/* _collect's end: the round's winner takes the tlen cards at s[from...] under its hand
   (capture="bottom") or onto its won pile, in that order */
static inline void take_cards(i32 *s, const i32 *r, int winner, int from, int tlen) {
    s[LAST_WINNER] = winner;
    s[ROUND_WINNER] = winner;
    int base = CAPTURE == CAPTURE_BOTTOM ? HAND : WON;
    int head = CAPTURE == CAPTURE_BOTTOM ? HHEAD : WHEAD;
    int length = CAPTURE == CAPTURE_BOTTOM ? HLEN : WLEN;
    i32 h = s[head + winner], m = s[length + winner];
    for (int q = 0; q < tlen; q++) s[base + winner * CAP + ((h + m + q) & MASK)] = s[from + q];
    s[length + winner] = m + tlen;
}

static inline i32 count_of(const i32 *s, int p) { return s[HLEN + p] + s[WLEN + p]; }

static int same_position(const i32 *a, const i32 *b, int players, int last_winner_matters) {
    if (last_winner_matters && a[LAST_WINNER] != b[LAST_WINNER]) return 0;
    for (int p = 0; p < players; p++)
        if (a[HLEN + p] != b[HLEN + p] || a[WLEN + p] != b[WLEN + p]) return 0;
    for (int p = 0; p < players; p++) {
        i32 ha = a[HHEAD + p], hb = b[HHEAD + p];
        for (i32 k = 0; k < a[HLEN + p]; k++)
            if (a[HAND + p * CAP + ((ha + k) & MASK)] != b[HAND + p * CAP + ((hb + k) & MASK)]) return 0;
        i32 wa = a[WHEAD + p], wb = b[WHEAD + p];
        for (i32 k = 0; k < a[WLEN + p]; k++)
            if (a[WON + p * CAP + ((wa + k) & MASK)] != b[WON + p * CAP + ((wb + k) & MASK)]) return 0;
    }
    return 1;
}

static inline void copy_position(i32 *dst, const i32 *src) { memcpy(dst, src, STATE_SIZE * sizeof(i32)); }

/* --- a round ---------------------------------------------------------------------------------- */
static void turn_over(i32 *s, u64 *rng, const i32 *r, int p) {     /* _turn_over */
    i32 n = s[WLEN + p], h = s[WHEAD + p];
    if (s[HLEN + p] == 0 && h == 0) {                  /* an empty hand: the pile goes straight in */
        memcpy(s + HAND + p * CAP, s + WON + p * CAP, (size_t)n * sizeof(i32));
        s[WLEN + p] = 0;
        s[HHEAD + p] = 0;
        if (SHUFFLE_PILE) shuffle_at(rng, s + HAND + p * CAP, n);
        s[HLEN + p] = n;
        return;
    }
    for (i32 k = 0; k < n; k++) s[CARDS + k] = s[WON + p * CAP + ((h + k) & MASK)];
    s[WLEN + p] = 0;
    s[WHEAD + p] = 0;
    if (SHUFFLE_PILE) shuffle_at(rng, s + CARDS, n);
    i32 at = s[HHEAD + p] + s[HLEN + p];                /* hand_push of each, written out */
    for (i32 k = 0; k < n; k++) s[HAND + p * CAP + ((at + k) & MASK)] = s[CARDS + k];
    s[HLEN + p] += n;
}

static inline i32 playable(const i32 *s, const i32 *r, int p) {
    if (CAPTURE == CAPTURE_WON_PILE) return s[HLEN + p] + s[WLEN + p];
    return s[HLEN + p];
}

static inline i32 drunkard_winner(const i32 *r, i32 loser) { return PLAYERS == 2 ? 1 - loser : -1; }

static End by_counts(const i32 *s, const i32 *r, i32 reason) {      /* _by_counts */
    End e = {reason, -1};
    int n = PLAYERS;
    if (TEAMS) return e;
    int anyone = 0;
    for (int p = 0; p < n; p++)
        if (s[OUT + p] == 0) anyone = 1;
    int goal = GOAL;
    i32 extreme = -1;
    for (int p = 0; p < n; p++) {
        if (anyone && s[OUT + p]) continue;
        i32 c = count_of(s, p);
        if (extreme < 0 || (goal == GOAL_LOSER_FIRST_OUT ? c < extreme : c > extreme)) extreme = c;
    }
    int top = 0, first = -1;
    for (int p = 0; p < n; p++) {
        if (anyone && s[OUT + p]) continue;
        if (count_of(s, p) == extreme) {
            top += 1;
            if (first < 0) first = p;
        }
    }
    if (top > 1) return e;
    e.winner = goal == GOAL_COLLECT ? first : drunkard_winner(r, first);
    return e;
}

static End check_end(i32 *s, const i32 *r, i64 rounds, int short_end) {   /* _check_end, no cycles */
    int n = PLAYERS;
    End e = {-1, -1};
    if (CAPTURE == CAPTURE_ASIDE) {
        int holding = 0;
        for (int p = 0; p < n; p++)
            if (s[HLEN + p]) holding += 1;
        if (holding < 2) return by_counts(s, r, K_HANDS_EMPTY);
    } else {
        int newly = -1, newly_count = 0;
        for (int p = 0; p < n; p++)
            if (s[OUT + p] == 0 && count_of(s, p) == 0) {
                s[OUT + p] = 1;
                newly_count += 1;
                if (newly < 0) newly = p;
            }
        int remaining = 0, last = -1, teams_left = 0;
        for (int p = 0; p < n; p++)
            if (s[OUT + p] == 0) {
                remaining += 1;
                if (last < 0) last = p;
                teams_left |= 1 << (p % 2);
            }
        if (GOAL == GOAL_LOSER_FIRST_OUT && newly_count) {
            e.reason = K_DRUNKARD_LOSER;
            e.winner = newly_count > 1 ? -1 : drunkard_winner(r, newly);
            return e;
        }
        if (remaining == 1 || (TEAMS && teams_left != 3)) {
            if (GOAL == GOAL_LOSER_ALL) {
                e.reason = K_DRUNKARD_LOSER;
                e.winner = remaining > 1 ? -1 : drunkard_winner(r, last);
                return e;
            }
            e.reason = short_end ? K_SHORTAGE : K_ALL_CARDS;
            e.winner = TEAMS ? -1 : last;
            return e;
        }
    }
    if (ROUND_LIMIT && rounds >= ROUND_LIMIT) return by_counts(s, r, K_ROUND_LIMIT);
    return e;
}

static void return_table(i32 *s, const i32 *r, int tlen) {        /* _return_table */
    int to_hand = CAPTURE == CAPTURE_BOTTOM;
    for (int k = 0; k < tlen; k++) {
        int p = s[T_PLAYER + k];
        i32 c = s[T_CARD + k];
        if (to_hand) hand_push(s, p, c);
        else won_push(s, p, c);
    }
}

static void seat_first(i32 *s, int tlen, int seat, int others_first) {
    int k = 0;
    for (int group = 0; group < 2; group++)
        for (int m = 0; m < tlen; m++)
            if ((s[OWNERS + m] == seat) == ((group == 0) != others_first)) s[SCRATCH + k++] = s[CARDS + m];
    for (int m = 0; m < tlen; m++) s[CARDS + m] = s[SCRATCH + m];
}

static void previous_winner_first(i32 *s, int tlen, i32 last) {
    int k = 0, i = 0;
    while (i < tlen) {
        int j = i;
        while (j < tlen && s[BATTLES + j] == s[BATTLES + i]) j++;
        for (int m = i; m < j; m++)
            if (s[OWNERS + m] == last) s[SCRATCH + k++] = s[CARDS + m];
        for (int m = i; m < j; m++)
            if (s[OWNERS + m] != last) s[SCRATCH + k++] = s[CARDS + m];
        i = j;
    }
    for (int m = 0; m < tlen; m++) s[CARDS + m] = s[SCRATCH + m];
}

static void gather(i32 *s, u64 *rng, const i32 *r, int tlen, int winner) {   /* _gather */
    int n = PLAYERS;
    int k = 0, i = 0;
    if (s[T_BATTLE + tlen - 1] == 1) {
        for (int m = 0; m < tlen; m++) {
            s[CARDS + m] = s[T_CARD + m];
            s[OWNERS + m] = s[T_PLAYER + m];
            s[BATTLES + m] = 1;
        }
        i = tlen;
    }
    while (i < tlen) {
        i32 b = s[T_BATTLE + i];
        int j = i;
        while (j < tlen && s[T_BATTLE + j] == b) j++;
        for (int p = 0; p < n; p++)
            for (int m = i; m < j; m++)
                if (s[T_PLAYER + m] == p) {
                    s[CARDS + k] = s[T_CARD + m];
                    s[OWNERS + k] = p;
                    s[BATTLES + k] = b;
                    k++;
                }
        i = j;
    }
    if (CAPTURE == CAPTURE_ASIDE) return;
    int spec = GATHER_OF(winner);
    if (spec == G_PLAYED) return;
    if (spec == G_SHUFFLE) {
        shuffle_at(rng, s + CARDS, tlen);
        return;
    }
    if (spec == G_WINNER_FIRST) {
        seat_first(s, tlen, winner, 0);
        return;
    }
    if (spec == G_LOSER_FIRST) {
        seat_first(s, tlen, winner, 1);
        return;
    }
    if (spec == G_PREVIOUS_WINNER_FIRST) {
        previous_winner_first(s, tlen, s[LAST_WINNER]);
        return;
    }
    if (spec == G_HIGH_FIRST || spec == G_STRONG || spec == G_LOW_FIRST) {
        int sign = spec == G_LOW_FIRST ? 1 : -1;
        for (int a = 1; a < tlen; a++) {               /* stable insertion sort by strength */
            i32 c = s[CARDS + a];
            i32 key = sign * r[STRENGTH + c];
            int b = a - 1;
            while (b >= 0 && sign * r[STRENGTH + s[CARDS + b]] > key) {
                s[CARDS + b + 1] = s[CARDS + b];
                b--;
            }
            s[CARDS + b + 1] = c;
        }
    }
}

static inline int lay_down(i32 *s, int p, i32 count, int tlen, i32 battle) {
    for (i32 q = 0; q < count; q++) {
        s[T_PLAYER + tlen] = p;
        s[T_CARD + tlen] = hand_pop(s, p);
        s[T_BATTLE + tlen] = battle;
        tlen++;
    }
    return tlen;
}

static int forfeit(i32 *s, int p, int tlen, i32 battle) {          /* _forfeit */
    tlen = lay_down(s, p, s[HLEN + p], tlen, battle);
    i32 h = s[WHEAD + p];
    for (i32 k = 0; k < s[WLEN + p]; k++) {
        s[T_PLAYER + tlen] = p;
        s[T_CARD + tlen] = s[WON + p * CAP + ((h + k) & MASK)];
        s[T_BATTLE + tlen] = battle;
        tlen++;
    }
    s[WLEN + p] = 0;
    s[WHEAD + p] = 0;
    return tlen;
}

/* _declare_war: the cards a fighter lays in a war over a tie of this rank (face down, then one up). */
static inline i32 war_need(const i32 *r, i32 tie_rank) {
    i32 fd = FACE_DOWN;
    return fd == BY_RANK ? (tie_rank >= 14 ? 11 : (tie_rank < 10 ? tie_rank : 10)) : fd + 1;
}

static inline int listed(const i32 *s, int at, int count, i32 p) {
    for (int i = 0; i < count; i++)
        if (s[at + i] == p) return 1;
    return 0;
}

static int dropouts_now(const i32 *s, const i32 *r, int nf, int n_in, i32 need) {   /* _all_fighters_run_out */
    if (SHORTAGE == SHORT_SPLIT || CAPTURE == CAPTURE_ASIDE) return 0;
    int outside = 0;
    for (int j = 0; j < n_in; j++) {
        i32 p = s[IN_ROUND + j];
        if (!listed(s, FIGHTERS, nf, p) && playable(s, r, p)) outside = 1;
    }
    if (!outside) return 0;
    i32 enough = SHORTAGE == SHORT_LOSE ? need : 1;
    for (int i = 0; i < nf; i++) {
        i32 p = s[FIGHTERS + i];
        if (s[REUSING + p] == 0 && s[HAVE + p] >= enough) return 0;
    }
    return 1;
}

/* _drop_out: the fighters forfeit; the holders outside the war fight on.  Returns the new tlen;
   *n_in and *nf are updated. */
static int drop_out(i32 *s, int tlen, i32 battle, int *nf, int *n_in) {
    int holders = 0;
    for (int j = 0; j < *n_in; j++) {
        i32 p = s[IN_ROUND + j];
        if (!listed(s, FIGHTERS, *nf, p) && (s[HLEN + p] + s[WLEN + p]) > 0) s[SHORT + holders++] = p;
    }
    for (int i = 0; i < *nf; i++) {
        i32 p = s[FIGHTERS + i];
        s[REUSING + p] = 0;
        tlen = forfeit(s, p, tlen, battle);
        int k = 0;
        for (int j = 0; j < *n_in; j++)
            if (s[IN_ROUND + j] != p) s[IN_ROUND + k++] = s[IN_ROUND + j];
        *n_in = k;
    }
    for (int i = 0; i < holders; i++) s[FIGHTERS + i] = s[SHORT + i];
    *nf = holders;
    return tlen;
}

static int start_round(i32 *s, u64 *rng, const i32 *r) {           /* _start */
    int n = PLAYERS, n_in = 0;
    int pile_counts = CAPTURE == CAPTURE_WON_PILE;
    for (int p = 0; p < n; p++)
        if (s[OUT + p] == 0 && (s[HLEN + p] > 0 || (pile_counts && s[WLEN + p] > 0))) s[IN_ROUND + n_in++] = p;
    for (int i = 0; i < n_in; i++) {
        i32 p = s[IN_ROUND + i];
        if (s[HLEN + p] == 0) turn_over(s, rng, r, p);
    }
    for (int i = 0; i < n_in; i++) s[FIGHTERS + i] = s[IN_ROUND + i];
    for (int p = 0; p < 4; p++) s[REUSING + p] = 0;
    return n_in;
}

/* A round from its start (``battle`` 0), or (two players, war_two) from a tie on the table: ``battle``
   battles laid, ``tlen`` cards on it (T_*), the two face-up cards tied (FACEUP), ``wars`` wars before. */
static Round play_round_general(i32 *s, u64 *rng, const i32 *r, i64 rounds_before, int battle, int tlen, int wars) {
    int n = PLAYERS;
    int pile_plays = CAPTURE == CAPTURE_WON_PILE;
    int n_in, nf, short_end = 0, winner = -1, compare_only;
    i32 lowest = LOWEST;
    Round out = {-1, -1, 0};
    End e;
    s[ROUND_WINNER] = -1;
    if (battle) {
        n_in = nf = 2;
        s[IN_ROUND] = 0; s[IN_ROUND + 1] = 1; s[FIGHTERS] = 0; s[FIGHTERS + 1] = 1;
        for (int p = 0; p < 4; p++) s[REUSING + p] = 0;
        compare_only = 1;
    } else {
        wars = 0;
        n_in = nf = start_round(s, rng, r);
        battle = 0; tlen = 0; compare_only = 0;
    }
    for (int laps = 0;; laps++) {
        if (laps > STUCK_BATTLES) {                    /* a bug, never the engine's rules: end it, loudly */
            out.reason = K_STUCK; out.wars = wars;
            return out;
        }
        /* _flip */
        if (!compare_only) {
            battle += 1;
            for (int i = 0; i < nf; i++) {
                i32 p = s[FIGHTERS + i];
                if (s[REUSING + p] == 0) {
                    i32 c = hand_pop(s, p);
                    s[FACEUP + p] = c;
                    s[T_PLAYER + tlen] = p;
                    s[T_CARD + tlen] = c;
                    s[T_BATTLE + tlen] = battle;
                    tlen++;
                }
            }
        }
        compare_only = 0;
        /* _compare (Rules.best) */
        int adjust = 0;
        if (LOW_BEATS_ACE) {
            int ace = 0, low = 0;
            for (int i = 0; i < nf; i++) {
                i32 rk = r[RANK + s[FACEUP + s[FIGHTERS + i]]];
                ace = ace || rk == 14;
                low = low || rk == lowest;
            }
            adjust = ace && low;
        }
        i32 top = -1;
        for (int i = 0; i < nf; i++) {
            i32 c = s[FACEUP + s[FIGHTERS + i]];
            i32 st = adjust && r[RANK + c] == lowest ? r[STRENGTH + 64 + c] : r[STRENGTH + c];
            if (st > top) top = st;
        }
        int nb = 0;
        for (int i = 0; i < nf; i++) {
            i32 p = s[FIGHTERS + i];
            i32 c = s[FACEUP + p];
            i32 st = adjust && r[RANK + c] == lowest ? r[STRENGTH + 64 + c] : r[STRENGTH + c];
            if (st == top) s[BEST + nb++] = p;
        }
        if (nb == 1) {
            winner = s[BEST];
            break;
        }
        i32 tie_rank = r[RANK + s[FACEUP + s[BEST]]];
        /* _declare_war */
        wars += 1;
        if (WAR_ALL) {
            nf = n_in;
            for (int i = 0; i < n_in; i++) s[FIGHTERS + i] = s[IN_ROUND + i];
        } else {
            nf = nb;
            for (int i = 0; i < nb; i++) s[FIGHTERS + i] = s[BEST + i];
        }
        i32 need = war_need(r, tie_rank);
        for (int p = 0; p < 4; p++) s[PLAN + p] = 0;
        for (int i = 0; i < nf; i++) {
            i32 p = s[FIGHTERS + i];
            s[HAVE + p] = playable(s, r, p);
        }
        int nshort = 0, stuck = 0;
        if (dropouts_now(s, r, nf, n_in, need)) {
            tlen = drop_out(s, tlen, battle + 1, &nf, &n_in);
            short_end = 1;
            if (nf == 1) {
                winner = s[FIGHTERS];
                break;
            }
            compare_only = 1;
            continue;
        }
        if (SHORTAGE == SHORT_LAST_CARD_UP || SHORTAGE == SHORT_FEWEST) {
            i32 fewest = need;
            for (int i = 0; i < nf; i++) {
                i32 p = s[FIGHTERS + i];
                if (s[REUSING + p]) continue;
                i32 hv = s[HAVE + p];
                if (hv) {
                    if (hv < fewest) fewest = hv;
                } else if (ZERO == 0) {                 /* zero="lose" */
                    s[SHORT + nshort++] = p;
                } else {
                    s[REUSING + p] = 1;
                }
            }
            for (int i = 0; i < nf; i++) {
                i32 p = s[FIGHTERS + i];
                i32 hv = s[HAVE + p];
                if (s[REUSING + p] == 0 && hv)
                    s[PLAN + p] = SHORTAGE == SHORT_FEWEST ? fewest - 1 : (need - 1 < hv - 1 ? need - 1 : hv - 1);
            }
        } else {
            for (int i = 0; i < nf; i++) {
                i32 p = s[FIGHTERS + i];
                if (s[HAVE + p] < need) s[SHORT + nshort++] = p;
            }
            if (SHORTAGE == SHORT_SPLIT && nshort) {
                stuck = 1;
            } else if (nshort && nshort == nf) {
                i32 most = 0;
                for (int i = 0; i < nf; i++)
                    if (s[HAVE + s[FIGHTERS + i]] > most) most = s[HAVE + s[FIGHTERS + i]];
                nshort = 0;
                for (int i = 0; i < nf; i++) {
                    i32 p = s[FIGHTERS + i];
                    if (s[HAVE + p] < most) s[SHORT + nshort++] = p;
                }
                if (nf - nshort > 1) stuck = 1;
            }
            for (int i = 0; i < nf; i++) {
                i32 p = s[FIGHTERS + i];
                if (!listed(s, SHORT, nshort, p)) s[PLAN + p] = need - 1;
            }
        }
        if (stuck) {
            return_table(s, r, tlen);
            e = SHORTAGE == SHORT_SPLIT ? check_end(s, r, rounds_before + 1, short_end) : by_counts(s, r, K_SHORTAGE);
            out.reason = e.reason; out.winner = e.winner; out.wars = wars;
            return out;
        }
        for (int i = 0; i < nshort; i++) {
            i32 p = s[SHORT + i];
            tlen = forfeit(s, p, tlen, battle + 1);
            int k = 0;
            for (int j = 0; j < n_in; j++)
                if (s[IN_ROUND + j] != p) s[IN_ROUND + k++] = s[IN_ROUND + j];
            n_in = k;
            short_end = 1;
        }
        int k = 0;
        for (int i = 0; i < nf; i++) {
            i32 p = s[FIGHTERS + i];
            if (!listed(s, SHORT, nshort, p)) s[FIGHTERS + k++] = p;
        }
        nf = k;
        if (nf == 0) {
            return_table(s, r, tlen);
            e = by_counts(s, r, K_VOID_ROUND);
            out.reason = e.reason; out.winner = e.winner; out.wars = wars;
            return out;
        }
        if (nf == 1) {
            winner = s[FIGHTERS];
            break;
        }
        int reusing = 0;
        for (int i = 0; i < nf; i++) reusing += s[REUSING + s[FIGHTERS + i]];
        if (reusing == nf) {
            return_table(s, r, tlen);
            if (n == 2 && CAPTURE != CAPTURE_ASIDE) {
                out.reason = K_REUSE_TIE; out.winner = -1; out.wars = wars;
                return out;
            }
            e = by_counts(s, r, K_REUSE_TIE);
            out.reason = e.reason; out.winner = e.winner; out.wars = wars;
            return out;
        }
        /* _lay */
        if (pile_plays)
            for (int i = 0; i < nf; i++) {
                i32 p = s[FIGHTERS + i];
                if (s[WLEN + p] && s[HLEN + p] <= s[PLAN + p]) turn_over(s, rng, r, p);
            }
        for (int i = 0; i < nf; i++) {
            i32 p = s[FIGHTERS + i];
            tlen = lay_down(s, p, s[PLAN + p], tlen, battle + 1);
        }
    }
    /* _collect; a round without a war laid its cards in seat order, the played order */
    int spec = GATHER_OF(winner);
    int at = CARDS;
    if (wars == 0 && CAPTURE != CAPTURE_ASIDE && (spec == G_SHUFFLE || spec == G_PLAYED)) {
        at = T_CARD;
        if (spec == G_SHUFFLE) shuffle_at(rng, s + T_CARD, tlen);
    } else {
        gather(s, rng, r, tlen, winner);
    }
    take_cards(s, r, winner, at, tlen);
    /* _check_end can only end the game if someone ran out, on a round limit, or with aside */
    int changed = CAPTURE == CAPTURE_ASIDE || (ROUND_LIMIT != 0 && rounds_before + 1 >= ROUND_LIMIT);
    for (int p = 0; p < n; p++)
        if (s[OUT + p] == 0 && s[HLEN + p] + s[WLEN + p] == 0) changed = 1;
    out.wars = wars;
    if (!changed) return out;
    e = check_end(s, r, rounds_before + 1, short_end);
    out.reason = e.reason;
    out.winner = e.winner;
    return out;
}

/* war_two: two players' war after their face-up cards ``a`` and ``b`` tied (play_round), played here
   while both hands hold a whole battle (the cards face down and the one face up): then no shortage
   rule, no won pile taken up and no drop-out can apply, and every battle is each player's need - 1
   cards face down and one face up.  The cards go on the table as _flip and _lay lay them (T_*) and
   at once in the order _gather puts them (CARDS: battle by battle, seat by seat), so a shuffled or
   played-order gather needs no sorting.  When a hand holds fewer, play_round_general goes on from
   the battle on the table.  The war's round, collected as play_round_general collects it. */
static Round war_two(i32 *RESTRICT s, u64 *RESTRICT rng, const i32 *RESTRICT r, i64 rounds_before, i32 a, i32 b) {
    Round out = {-1, -1, 0};
    s[T_PLAYER] = 0; s[T_PLAYER + 1] = 1;
    s[T_CARD] = a; s[T_CARD + 1] = b;
    s[T_BATTLE] = 1; s[T_BATTLE + 1] = 1;
    s[CARDS] = a; s[CARDS + 1] = b;
    int battle = 1, tlen = 2, wars = 0, winner;
    for (;;) {
        i32 need = war_need(r, r[RANK + a]);
        if (s[HLEN] < need || s[HLEN + 1] < need) {
            s[FACEUP] = a; s[FACEUP + 1] = b;
            return play_round_general(s, rng, r, rounds_before, battle, tlen, wars);
        }
        wars += 1;
        battle += 1;
        i32 down = need - 1;
        for (int p = 0; p < 2; p++) {
            i32 h = s[HHEAD + p];
            const i32 *hand = s + HAND + p * CAP;
            i32 *laid = s + CARDS + tlen + p * need;
            for (i32 q = 0; q < down; q++) {
                i32 c = hand[(h + q) & MASK];
                s[T_PLAYER + tlen + p * down + q] = p;
                s[T_CARD + tlen + p * down + q] = c;
                s[T_BATTLE + tlen + p * down + q] = battle;
                laid[q] = c;
            }
            i32 up = hand[(h + down) & MASK];
            s[T_PLAYER + tlen + 2 * down + p] = p;
            s[T_CARD + tlen + 2 * down + p] = up;
            s[T_BATTLE + tlen + 2 * down + p] = battle;
            laid[down] = up;
            s[HHEAD + p] = (h + need) & MASK;
            s[HLEN + p] -= need;
            if (p == 0) a = up;
            else b = up;
        }
        tlen += 2 * need;
        i32 sa = r[STRENGTH + a], sb = r[STRENGTH + b];
        if (LOW_BEATS_ACE) {                           /* Rules.best: the lowest rank beats an ace */
            i32 ra = r[RANK + a], rb = r[RANK + b], low = LOWEST;
            if (ra == 14 && rb == low) sb = r[STRENGTH + 64 + b];
            else if (rb == 14 && ra == low) sa = r[STRENGTH + 64 + a];
        }
        if (sa != sb) {
            winner = sa < sb;
            break;
        }
    }
    int spec = GATHER_OF(winner);                      /* _collect (CARDS is _gather's order) */
    if (spec == G_SHUFFLE) shuffle_at(rng, s + CARDS, tlen);
    else if (spec != G_PLAYED) gather(s, rng, r, tlen, winner);
    take_cards(s, r, winner, CARDS, tlen);
    out.wars = wars;
    int loser = 1 - winner;
    if (s[HLEN + loser] + s[WLEN + loser] == 0 || (ROUND_LIMIT != 0 && rounds_before + 1 >= ROUND_LIMIT)) {
        End e = check_end(s, r, rounds_before + 1, 0);
        out.reason = e.reason;
        out.winner = e.winner;
    }
    return out;
}

/* play_round: two players who both hold a card and turn up different cards take a short path;
   everything else, from a tie on, is play_round_general. */
static inline Round play_round(i32 *s, u64 *rng, const i32 *r, i64 rounds_before) {
    Round out = {-1, -1, 0};
    if (!(PLAYERS == 2 && CAPTURE != CAPTURE_ASIDE && s[HLEN] > 0 && s[HLEN + 1] > 0 && s[OUT] == 0 && s[OUT + 1] == 0))
        return play_round_general(s, rng, r, rounds_before, 0, 0, 0);
    i32 a = hand_pop(s, 0), b = hand_pop(s, 1);
    i32 sa = r[STRENGTH + a], sb = r[STRENGTH + b];
    if (LOW_BEATS_ACE) {                               /* Rules.best: the lowest rank beats an ace */
        i32 ra = r[RANK + a], rb = r[RANK + b], low = LOWEST;
        if (ra == 14 && rb == low) sb = r[STRENGTH + 64 + b];
        else if (rb == 14 && ra == low) sa = r[STRENGTH + 64 + a];
    }
    if (sa == sb) return war_two(s, rng, r, rounds_before, a, b);
    int winner = sa > sb ? 0 : 1;
    int spec = GATHER_OF(winner);
    if (spec == G_SHUFFLE) {                           /* SplitMix64.shuffle of two cards: one below(2) */
        *rng += GOLDEN;
        if ((mix(*rng) & 1ULL) == 0) {
            i32 t = a; a = b; b = t;
        }
    } else if (spec != G_PLAYED) {
        s[T_PLAYER] = 0; s[T_PLAYER + 1] = 1;
        s[T_CARD] = a; s[T_CARD + 1] = b;
        s[T_BATTLE] = 1; s[T_BATTLE + 1] = 1;
        gather(s, rng, r, 2, winner);
        a = s[CARDS];
        b = s[CARDS + 1];
    }
    int base = CAPTURE == CAPTURE_BOTTOM ? HAND : WON;
    int head = CAPTURE == CAPTURE_BOTTOM ? HHEAD : WHEAD;
    int length = CAPTURE == CAPTURE_BOTTOM ? HLEN : WLEN;
    i32 h = s[head + winner], m = s[length + winner];
    s[base + winner * CAP + ((h + m) & MASK)] = a;
    s[base + winner * CAP + ((h + m + 1) & MASK)] = b;
    s[length + winner] = m + 2;
    s[LAST_WINNER] = winner;
    s[ROUND_WINNER] = winner;
    int loser = 1 - winner;
    if (s[HLEN + loser] + s[WLEN + loser] == 0 || (ROUND_LIMIT != 0 && rounds_before + 1 >= ROUND_LIMIT)) {
        End e = check_end(s, r, rounds_before + 1, 0);
        out.reason = e.reason;
        out.winner = e.winner;
    }
    return out;
}

/* quick_rounds: play_round's short path, round after round, with both hands' heads and lengths in
   registers: two players who both hold a card (an empty hand takes up its won pile first, as
   _start does) and turn up different cards, the winner gathering in played order or shuffled
   (built only for such rules: QUICK).  Stops before a tie or
   an empty hand (play_round plays that round) and after a round that may end the game, whose end
   it returns (reason -1: the game goes on); ``*rounds`` counts the rounds played. */
#if defined(FIX_PLAYERS) && defined(FIX_CAPTURE) && defined(FIX_GATHER)
#define QUICK (FIX_PLAYERS == 2 && FIX_CAPTURE != CAPTURE_ASIDE && (FIX_GATHER == G_SHUFFLE || FIX_GATHER == G_PLAYED))
#else
#define QUICK 0
#endif
static End quick_rounds(i32 *RESTRICT s, u64 *RESTRICT rng, const i32 *RESTRICT r, i64 *rounds, i64 stop) {
    End e = {-1, -1};
    i32 head[2] = {s[HHEAD], s[HHEAD + 1]}, len[2] = {s[HLEN], s[HLEN + 1]};
    i32 *hand = s + HAND;                              /* seat p's hand: hand[p * CAP ..] */
    i64 k = *rounds;
    int winner = -1;
    while (stop == 0 || k < stop) {
        if (CAPTURE == CAPTURE_WON_PILE && (len[0] == 0 || len[1] == 0)) {   /* _start: an empty hand */
            s[HHEAD] = head[0]; s[HLEN] = len[0]; s[HHEAD + 1] = head[1]; s[HLEN + 1] = len[1];   /* takes up */
            if (len[0] == 0 && s[WLEN]) turn_over(s, rng, r, 0);                            /* its won pile */
            if (len[1] == 0 && s[WLEN + 1]) turn_over(s, rng, r, 1);
            head[0] = s[HHEAD]; len[0] = s[HLEN]; head[1] = s[HHEAD + 1]; len[1] = s[HLEN + 1];
        }
        if (len[0] <= 0 || len[1] <= 0) break;
        i32 a = hand[head[0]], b = hand[CAP + head[1]];
        i32 sa = r[STRENGTH + a], sb = r[STRENGTH + b];
        if (LOW_BEATS_ACE) {
            i32 ra = r[RANK + a], rb = r[RANK + b], low = LOWEST;
            if (ra == 14 && rb == low) sb = r[STRENGTH + 64 + b];
            else if (rb == 14 && ra == low) sa = r[STRENGTH + 64 + a];
        }
        if (sa == sb) break;
        head[0] = (head[0] + 1) & MASK; len[0]--;
        head[1] = (head[1] + 1) & MASK; len[1]--;
        /* who wins is a coin toss for the branch predictor: the rest of the round has no branch on it */
        winner = sa < sb;
        if (GATHER_OF(winner) == G_SHUFFLE) {          /* SplitMix64.shuffle of two cards: one below(2) */
            *rng += GOLDEN;
            i32 keep = (i32)(mix(*rng) & 1ULL), x = a ^ b;
            a ^= x & (keep - 1);                       /* bit 0: the two change places */
            b ^= x & (keep - 1);
        }
        k++;
        if (CAPTURE == CAPTURE_BOTTOM) {
            i32 at = head[winner] + len[winner];
            hand[winner * CAP + (at & MASK)] = a;
            hand[winner * CAP + ((at + 1) & MASK)] = b;
            len[winner] += 2;
        } else {
            i32 wh = s[WHEAD + winner], wl = s[WLEN + winner];
            s[WON + winner * CAP + ((wh + wl) & MASK)] = a;
            s[WON + winner * CAP + ((wh + wl + 1) & MASK)] = b;
            s[WLEN + winner] = wl + 2;
        }
        int loser = 1 - winner;
        int loser_empty = len[loser] + (CAPTURE == CAPTURE_WON_PILE ? s[WLEN + loser] : 0) == 0;
        if (loser_empty || (ROUND_LIMIT != 0 && k >= ROUND_LIMIT)) {
            s[HHEAD] = head[0]; s[HLEN] = len[0]; s[HHEAD + 1] = head[1]; s[HLEN + 1] = len[1];
            s[LAST_WINNER] = winner; s[ROUND_WINNER] = winner;
            *rounds = k;
            return check_end(s, r, k, 0);
        }
    }
    s[HHEAD] = head[0]; s[HLEN] = len[0]; s[HHEAD + 1] = head[1]; s[HLEN + 1] = len[1];
    if (winner >= 0) {
        s[LAST_WINNER] = winner;
        s[ROUND_WINNER] = winner;
    }
    *rounds = k;
    return e;
}

/* --- whole games ------------------------------------------------------------------------------ */
static void deal(i32 *s, u64 *rng, const i32 *r) {                  /* engine.deal */
    memset(s, 0, BUFFER_SIZE * sizeof(i32));
    int n = PLAYERS, size = DECK_SIZE;
    i32 *cards = s + CARDS;
    if (DEAL == 1) {                                   /* by_color */
        for (int k = 0; k < size; k++) cards[k] = r[DECK + k];
        shuffle_at(rng, cards, size);
        for (int k = 0; k < size; k++) hand_push(s, r[RED + cards[k]] ? 1 : 0, cards[k]);
        return;
    }
    int per = size / n;
    if (JOKER_SPLIT) {
        int plain = 0;
        for (int k = 0; k < size; k++)
            if (r[DECK + k] < 52) cards[plain++] = r[DECK + k];
        shuffle_at(rng, cards, plain);
        i64 first = below(rng, n);
        i64 second = (first + 1 + below(rng, n - 1)) % n;
        int at = 0;
        for (int i = 0; i < per; i++)
            for (int p = 0; p < n; p++)
                if (!((p == first || p == second) && i == per - 1)) hand_push(s, p, cards[at++]);
        for (int p = 0; p < n; p++)
            if (p == first || p == second) {
                i32 joker = p == first ? 52 : 53;
                i32 len = s[HLEN + p];
                i64 pos = below(rng, len + 1);
                for (i64 k = len; k > pos; k--) s[HAND + p * 64 + k] = s[HAND + p * 64 + k - 1];
                s[HAND + p * 64 + pos] = joker;
                s[HLEN + p] = len + 1;
            }
        return;
    }
    for (int k = 0; k < size; k++) cards[k] = r[DECK + k];
    shuffle_at(rng, cards, size);
    for (int p = 0; p < n; p++)
        for (int i = 0; i < per; i++) hand_push(s, p, cards[p + i * n]);
}

/* _cycle_start: replay from the deal, copy b ``period`` rounds ahead of copy a until they agree. */
static i64 cycle_start(u64 seed, i64 period, const i32 *r, i32 *a, i32 *b, u64 *rng, i64 *war_rounds, i64 *doubles,
                       i64 within) {
    *rng = seed;
    deal(a, rng, r);
    copy_position(b, a);
    *war_rounds = 0;
    *doubles = 0;
    for (i64 k = 0; k < period; k++) {
        Round o = play_round_general(b, rng, r, k, 0, 0, 0);
        *war_rounds += o.wars > 0;
        *doubles += o.wars > 1;
    }
    i64 mu = 0;
    while (!same_position(a, b, PLAYERS, LAST_WINNER_MATTERS)) {
        if (mu > within) return -1;                    /* the repeat seen ``within`` rounds in is not there: a bug */
        play_round_general(a, rng, r, mu, 0, 0, 0);
        Round o = play_round_general(b, rng, r, mu + period, 0, 0, 0);
        *war_rounds += o.wars > 0;
        *doubles += o.wars > 1;
        mu++;
    }
    return mu;
}

static void stuck(i32 *out) { out[C_REASON] = K_STUCK; out[C_WINNER] = -1; }

static void record_cycle(u64 seed, i64 period, i64 rounds, const i32 *r, i32 *s, i32 *saved, u64 *rng, i32 *out) {
    i64 wr, db;
    i64 mu = cycle_start(seed, period, r, s, saved, rng, &wr, &db, rounds);
    if (mu < 0) {
        stuck(out);
        return;
    }
    out[C_LENGTH] = (i32)(mu + period); out[C_WINNER] = -1; out[C_REASON] = K_CYCLE;
    out[C_WAR_ROUNDS] = (i32)wr; out[C_DOUBLE_WARS] = (i32)db;
    out[C_CYCLE_START] = (i32)mu; out[C_CYCLE_PERIOD] = (i32)period;
}

static void play_game(u64 seed, const i32 *r, i64 max_rounds, i32 *s, i32 *saved, u64 *rng, i32 *out) {
    *rng = seed;
    deal(s, rng, r);
    int n = PLAYERS;
    int detect = DETECT != 0;
    if (detect) copy_position(saved, s);
    i64 power = 1, lam = 0, rounds = 0, war_rounds = 0, doubles = 0;
    out[C_CYCLE_START] = -1;
    out[C_CYCLE_PERIOD] = -1;
    while (max_rounds == 0 || rounds < max_rounds) {
        if (QUICK && !detect) {                        /* rounds without a war: no wars to count */
            End q = quick_rounds(s, rng, r, &rounds, max_rounds);
            if (q.reason >= 0) {
                out[C_LENGTH] = (i32)rounds; out[C_WINNER] = q.winner; out[C_REASON] = q.reason;
                out[C_WAR_ROUNDS] = (i32)war_rounds; out[C_DOUBLE_WARS] = (i32)doubles;
                return;
            }
            if (max_rounds != 0 && rounds >= max_rounds) break;
        }
        Round o = play_round(s, rng, r, rounds);
        rounds++;
        war_rounds += o.wars > 0;
        doubles += o.wars > 1;
        if (o.reason >= 0) {
            out[C_LENGTH] = (i32)rounds; out[C_WINNER] = o.winner; out[C_REASON] = o.reason;
            out[C_WAR_ROUNDS] = (i32)war_rounds; out[C_DOUBLE_WARS] = (i32)doubles;
            return;
        }
        if (detect) {
            lam++;
            if (same_position(s, saved, n, LAST_WINNER_MATTERS)) {
                record_cycle(seed, lam, rounds, r, s, saved, rng, out);
                return;
            }
            if (lam == power) {
                copy_position(saved, s);
                power *= 2;
                lam = 0;
            }
        }
    }
    End e = by_counts(s, r, K_TIME);
    out[C_LENGTH] = (i32)rounds; out[C_WINNER] = e.winner; out[C_REASON] = e.reason;
    out[C_WAR_ROUNDS] = (i32)war_rounds; out[C_DOUBLE_WARS] = (i32)doubles;
    if (!detect) return;
    while (rounds < 4 * max_rounds + 4) {              /* a repeat within the first M rounds shows by 3M */
        Round o = play_round_general(s, rng, r, rounds, 0, 0, 0);
        rounds++;
        if (o.reason == K_STUCK) stuck(out);
        if (o.reason >= 0) return;
        lam++;
        if (same_position(s, saved, n, LAST_WINNER_MATTERS)) {
            i64 period = lam, wr, db;
            i64 mu = cycle_start(seed, period, r, s, saved, rng, &wr, &db, rounds);
            if (mu < 0) stuck(out);
            else if (mu + period <= max_rounds) {
                out[C_LENGTH] = (i32)(mu + period); out[C_WINNER] = -1; out[C_REASON] = K_CYCLE;
                out[C_WAR_ROUNDS] = (i32)wr; out[C_DOUBLE_WARS] = (i32)db;
                out[C_CYCLE_START] = (i32)mu; out[C_CYCLE_PERIOD] = (i32)period;
            }
            return;
        }
        if (lam == power) {
            copy_position(saved, s);
            power *= 2;
            lam = 0;
        }
    }
}

/* --- entry points (_kernelmodule.c; ctypes for a run-time build) ------------------------ */
/* Games start .. start + count - 1 of the simulation seeded ``seed``, one row of COLUMNS each.
   The buffers are this call's own (on its stack): calls on several threads share nothing. */
void KERNEL_NAME(play_games)(u64 seed, i64 start, const i32 *r, i64 max_rounds, i32 *out, i64 count) {
    i32 buffers[2 * BUFFER_SIZE];
    u64 rng;
    for (i64 i = 0; i < count; i++)
        play_game(game_seed(seed, start + i), r, max_rounds, buffers, buffers + BUFFER_SIZE, &rng, out + COLUMNS * i);
}

/* From a position (STATE_SIZE ints: hands, won piles, who is out, the last winner) and the generator
   state ``rng``, play up to ``rounds`` rounds; row k of ``history`` (8 ints): reason (-1 while the
   game goes on), game winner, wars, the round's winner (-1: none), and then the four counts.
   Returns the rounds played (the game's end stops it). */
i64 KERNEL_NAME(play_from)(const i32 *r, const i32 *position, u64 rng, i64 rounds, i32 *history) {
    i32 s[BUFFER_SIZE];
    memset(s, 0, sizeof s);
    memcpy(s, position, STATE_SIZE * sizeof(i32));
    for (i64 k = 0; k < rounds; k++) {
        Round o = {-1, -1, 0};
        i64 done = k;
        if (QUICK) {                                   /* as play_game plays: the short path first */
            End q = quick_rounds(s, &rng, r, &done, k + 1);
            o.reason = q.reason;
            o.winner = q.winner;
        }
        if (done == k) o = play_round(s, &rng, r, k);
        i32 *row = history + 8 * k;
        row[0] = o.reason; row[1] = o.winner; row[2] = o.wars; row[3] = s[ROUND_WINNER];
        for (int p = 0; p < 4; p++) row[4 + p] = count_of(s, p);
        if (o.reason >= 0) return k + 1;
    }
    return rounds;
}

/* The layout constants, for the tests to compare with table.py. */
void KERNEL_NAME(layout)(i64 *out) {
    const i64 v[] = {CAP, HAND, WON, HHEAD, HLEN, WHEAD, WLEN, OUT, LAST_WINNER, STATE_SIZE, R_GATHER, STRENGTH,
                     RANK, RED, DECK, TABLE_SIZE, COLUMNS, K_REUSE_TIE, G_LOSER_FIRST, SHORT_FEWEST,
                     GOAL_LOSER_FIRST_OUT, CAPTURE_ASIDE, BY_RANK, K_STUCK};
    for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++) out[i] = v[i];
}
