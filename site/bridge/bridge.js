// @ts-check
// The classroom page (tools/build_site.py writes classroom.html and the other game pages): one
// table, ready as soon as Python is. Pyodide boots from the site, war_widget's wheel and traitlets'
// are unpacked into it (fetched while Pyodide boots), and the page's code makes the package's own
// widget (WarWidget ...) on page_model.py, which stands in for anywidget: no JupyterLite, no
// ipywidgets, no IPython. table.js draws it on PageModel below, the anywidget model interface
// ({get, set, save_changes, on, off, send}) over that bridge. The child's record lives in the
// browser's IndexedDB (Pyodide's IDBFS at /drive), saved after every action.
//
// The page's settings are the JSON in <script id="war-config">: pyodide (the folder of pyodide.mjs),
// wheels (URLs), model (page_model.py), table (table.js), plotly (plotly.js), code (the Python
// whose last expression is the table), loading (the line shown while Python starts).

/** page_model.Bridge, a Python object through Pyodide: the traits as JSON (`state`), the view's
 * trait changes (`receive`) and messages (`message`), each as JSON text.
 * @typedef {{state(): string, receive(text: string): void, message(text: string): void}} Bridge */
/** A listener of the model (table.js's: a trait's change, a custom message's content).
 * @typedef {(...args: unknown[]) => void} Listener */

/**
 * The part of Pyodide the pages use (pyodide.mjs's loadPyodide and its FS, Emscripten's).
 * @typedef {object} Pyodide
 * @property {PyodideFS} FS
 * @property {(buffer: ArrayBuffer, format: string) => void} unpackArchive
 * @property {(name: string) => PageModule} pyimport
 * @property {(code: string) => Promise<unknown>} runPythonAsync
 */
/**
 * @typedef {object} PyodideFS
 * @property {(populate: boolean, done: (error: unknown) => void) => void} syncfs
 * @property {(path: string) => void} mkdirTree
 * @property {(type: unknown, options: object, path: string) => void} mount
 * @property {{IDBFS: unknown}} filesystems
 * @property {(path: string, data: string) => void} writeFile
 */
/** pyodide.mjs. @typedef {{loadPyodide(options: {indexURL: string, stderr: (line: string) => void}): Promise<Pyodide>}} PyodideModule */
/** page_model.py, imported into Pyodide: `install` stands it in for anywidget, `connect` links a
 * widget to the page (`deliver`: what Python tells the page, as JSON text).
 * @typedef {{install(): void, connect(widget: unknown, deliver: (kind: string, text: string) => void): Bridge}} PageModule */
/** table.js's default export (anywidget's `render`). @typedef {{default: {render(args: {model: PageModel, el: HTMLElement}): unknown}}} TableModule */

/** The anywidget model a view gets, over the page's Python (page_model.Bridge). */
export class PageModel {
  /** `state`: the synced traits; `bridge`: page_model.Bridge (receive, message); `after`: called
   * after each call into Python (the page saves the record then); `plotly`: a promise of
   * plotly.js, run by the page itself (see `send`).
   * @param {Record<string, unknown>} state
   * @param {Bridge} bridge
   * @param {{after?: () => void, plotly?: Promise<unknown> | null}} [options] */
  constructor(state, bridge, { after = () => {}, plotly = null } = {}) {
    this.state = { ...state };
    this.bridge = bridge;
    this.after = after;
    this.plotly = plotly;
    /** @type {Record<string, unknown>} traits set by the view, not yet sent */
    this.pending = {};
    /** @type {Map<string, Set<Listener>>} */
    this.listeners = new Map();
  }

  /** @param {string} name */
  get(name) {
    return this.state[name];
  }

  /** @param {string} name
   * @param {unknown} value */
  set(name, value) {
    this.state[name] = value;
    this.pending[name] = value;
    this.emit(`change:${name}`, value);
  }

  save_changes() {
    const pending = this.pending;
    this.pending = {};
    if (Object.keys(pending).length) this.call("receive", JSON.stringify(pending));
  }

  /** @param {string} event
   * @param {Listener} handler */
  on(event, handler) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    /** @type {Set<Listener>} */ (this.listeners.get(event)).add(handler);
  }

  /** @param {string} [event]  (none: every listener goes)
   * @param {Listener} [handler]  (none: every listener of `event`) */
  off(event, handler) {
    if (!event) this.listeners.clear();
    else if (!handler) this.listeners.delete(event);
    else this.listeners.get(event)?.delete(handler);
  }

  /** A message to the widget's Python (`on_msg`). plotly.js is not Python's to send here (the
   * page has no plotly package): the page runs the bundle itself, and once window.Plotly is
   * there the answer table.js waits for (`loadPlotly`) is an empty script.
   * @param {{do?: string}} content */
  send(content) {
    if (content && content.do === "plotly_js" && this.plotly) {
      this.plotly
        .then(() => this.emit("msg:custom", { plotly_js: "" }, []))
        .catch((e) => console.warn("the chart's plotly.js did not load:", e));
      return;
    }
    this.call("message", JSON.stringify(content));
  }

  /** From Python (page_model's `deliver`): the traits that changed, or a custom message; given
   * to the views after the current task, as a kernel's messages come.
   * @param {string} kind  "state" (the traits that changed), else a custom message
   * @param {string} text  JSON */
  deliver(kind, text) {
    const value = JSON.parse(text);
    queueMicrotask(() => {
      if (kind === "state") {
        Object.assign(this.state, value);
        for (const [name, v] of Object.entries(value)) this.emit(`change:${name}`, v);
        this.emit("change", value);
      } else {
        this.emit("msg:custom", value, []);
      }
    });
  }

  /** @param {string} event
   * @param {...unknown} args */
  emit(event, ...args) {
    for (const handler of [...(this.listeners.get(event) || [])]) {
      try {
        handler(...args);
      } catch (e) {
        console.error(`the table's ${event} handler failed:`, e);
      }
    }
  }

  /** @param {"receive" | "message"} method
   * @param {string} text */
  call(method, text) {
    try {
      this.bridge[method](text);
    } catch (e) {
      console.error(`the table's Python refused ${text}:`, e);
    } finally {
      this.after();
    }
  }
}

/** Save Pyodide's /drive (IDBFS) to IndexedDB; a save asked for while one runs follows it.
 * @param {Pick<PyodideFS, "syncfs">} FS
 * @returns {() => void} */
export function saver(FS) {
  let running = false;
  let again = false;
  const save = () => {
    if (running) { again = true; return; }
    running = true;
    FS.syncfs(false, (error) => {
      running = false;
      if (error) console.warn("the record could not be saved in this browser:", error);
      if (again) { again = false; save(); }
    });
  };
  return save;
}

/** Run the classic script at `url` (plotly.js sets window.Plotly); resolves when it has run.
 * @param {string} url
 * @returns {Promise<unknown>} */
function runScript(url) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.onload = () => resolve(window.Plotly);
    script.onerror = () => reject(new Error(`${url} did not load`));
    document.head.append(script);
  });
}

/** @param {string} url */
async function fetched(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

async function boot() {
  /** @type {{pyodide: string, wheels: string[], model: string, table: string, plotly?: string, code: string}} */
  const config = JSON.parse(/** @type {string} */ (/** @type {HTMLElement} */ (document.getElementById("war-config")).textContent));
  const host = /** @type {HTMLElement} */ (document.getElementById("war-page"));   // (the page has both)
  const here = (/** @type {string} */ url) => new URL(url, document.baseURI).href;
  // everything the page needs is asked for at once; Python's start is the long pole. plotly.js
  // runs now, while Pyodide's core downloads and compiles (off the main thread), not after the
  // table is there, where its start-up (a long task) would hold up the first Flip
  const plotly = config.plotly ? runScript(here(config.plotly)) : null;
  plotly?.catch(() => {});          // said when the chart asks for it
  const wheels = config.wheels.map((url) => fetched(here(url)).then((r) => r.arrayBuffer()));
  const modelSource = fetched(here(config.model)).then((r) => r.text());
  const table = /** @type {Promise<TableModule>} */ (import(here(config.table)));
  const { loadPyodide } = /** @type {PyodideModule} */ (await import(here(`${config.pyodide}pyodide.mjs`)));
  const pyodide = await loadPyodide({ indexURL: here(config.pyodide), stderr: (line) => console.warn(line) });
  performance.mark("war:pyodide");           // the phases, for benchmarks/bench_site.py
  const { FS } = pyodide;
  FS.mkdirTree("/drive");
  FS.mount(FS.filesystems.IDBFS, {}, "/drive");
  /** @type {Promise<void>} */
  const restored = new Promise((resolve) => FS.syncfs(true, (error) => {
    if (error) console.warn("the record kept in this browser could not be read:", error);
    resolve();
  }));
  for (const wheel of wheels) pyodide.unpackArchive(await wheel, "wheel");
  FS.writeFile("/home/pyodide/page_model.py", await modelSource);
  await restored;
  performance.mark("war:wheels");
  const pageModel = pyodide.pyimport("page_model");
  pageModel.install();
  const widget = await pyodide.runPythonAsync(config.code);
  performance.mark("war:widget");
  /** @type {PageModel | null} */
  let model = null;
  /** @type {string[]} */
  const early = [];     // custom messages sent while the widget was made (its state is read whole below)
  const bridge = pageModel.connect(widget, (kind, text) => {
    if (model) model.deliver(kind, text);
    else if (kind === "custom") early.push(text);
  });
  const save = saver(FS);
  model = new PageModel(JSON.parse(bridge.state()), bridge, { after: save, plotly });
  for (const text of early) model.deliver("custom", text);
  addEventListener("pagehide", save);
  host.replaceChildren();
  (await table).default.render({ model, el: host });
  performance.mark("war:table");
  save();
}

if (typeof document !== "undefined" && document.getElementById("war-config")) {
  boot().catch((error) => {
    console.error("the classroom page could not start:", error);
    const host = document.getElementById("war-page");
    if (host) host.textContent = String(error);
  });
}
