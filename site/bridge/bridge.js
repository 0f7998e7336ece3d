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

/** The anywidget model a view gets, over the page's Python (page_model.Bridge). */
export class PageModel {
  /** `state`: the synced traits; `bridge`: page_model.Bridge (receive, message); `after`: called
   * after each call into Python (the page saves the record then); `plotly`: a promise of
   * plotly.js, run by the page itself (see `send`). */
  constructor(state, bridge, { after = () => {}, plotly = null } = {}) {
    this.state = { ...state };
    this.bridge = bridge;
    this.after = after;
    this.plotly = plotly;
    this.pending = {};
    this.listeners = new Map();
  }

  get(name) {
    return this.state[name];
  }

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

  on(event, handler) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event).add(handler);
  }

  off(event, handler) {
    if (!event) this.listeners.clear();
    else if (!handler) this.listeners.delete(event);
    else this.listeners.get(event)?.delete(handler);
  }

  /** A message to the widget's Python (`on_msg`). plotly.js is not Python's to send here (the
   * page has no plotly package): the page runs the bundle itself, and once window.Plotly is
   * there the answer table.js waits for (`loadPlotly`) is an empty script. */
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
   * to the views after the current task, as a kernel's messages come. */
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

  emit(event, ...args) {
    for (const handler of [...(this.listeners.get(event) || [])]) {
      try {
        handler(...args);
      } catch (e) {
        console.error(`the table's ${event} handler failed:`, e);
      }
    }
  }

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

/** Save Pyodide's /drive (IDBFS) to IndexedDB; a save asked for while one runs follows it. */
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

/** Run the classic script at `url` (plotly.js sets window.Plotly); resolves when it has run. */
function runScript(url) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.onload = () => resolve(window.Plotly);
    script.onerror = () => reject(new Error(`${url} did not load`));
    document.head.append(script);
  });
}

async function fetched(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

async function boot() {
  const config = JSON.parse(document.getElementById("war-config").textContent);
  const host = document.getElementById("war-page");
  const here = (url) => new URL(url, document.baseURI).href;
  // everything the page needs is asked for at once; Python's start is the long pole. plotly.js
  // runs now, while Pyodide's core downloads and compiles (off the main thread), not after the
  // table is there, where its start-up (a long task) would hold up the first Flip
  const plotly = config.plotly ? runScript(here(config.plotly)) : null;
  plotly?.catch(() => {});          // said when the chart asks for it
  const wheels = config.wheels.map((url) => fetched(here(url)).then((r) => r.arrayBuffer()));
  const modelSource = fetched(here(config.model)).then((r) => r.text());
  const table = import(here(config.table));
  const { loadPyodide } = await import(here(`${config.pyodide}pyodide.mjs`));
  const pyodide = await loadPyodide({ indexURL: here(config.pyodide), stderr: (line) => console.warn(line) });
  performance.mark("war:pyodide");           // the phases, for benchmarks/bench_site.py
  const { FS } = pyodide;
  FS.mkdirTree("/drive");
  FS.mount(FS.filesystems.IDBFS, {}, "/drive");
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
  let model = null;
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
