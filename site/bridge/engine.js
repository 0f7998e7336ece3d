// @ts-check
// The benchmark's baseline (benchmarks/bench_site.py): the same Pyodide core and war_widget's
// wheel, one engine game played to its end, no table. The classroom page's first table is
// measured against this page's answer in the same run.

async function engine() {
  /** @type {{pyodide: string, wheels: string[], code: string}} */
  const config = JSON.parse(/** @type {string} */ (/** @type {HTMLElement} */ (document.getElementById("war-config")).textContent));
  const here = (/** @type {string} */ url) => new URL(url, document.baseURI).href;
  const wheels = config.wheels.map((url) => fetch(here(url)).then((r) => {
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return r.arrayBuffer();
  }));
  const { loadPyodide } = /** @type {import("./bridge.js").PyodideModule} */ (await import(here(`${config.pyodide}pyodide.mjs`)));
  const pyodide = await loadPyodide({ indexURL: here(config.pyodide), stderr: (line) => console.warn(line) });
  performance.mark("war:pyodide");
  for (const wheel of wheels) pyodide.unpackArchive(await wheel, "wheel");
  performance.mark("war:wheels");
  const answer = await pyodide.runPythonAsync(config.code);
  performance.mark("war:widget");
  const host = /** @type {HTMLElement} */ (document.getElementById("war-page"));   // (the page has it)
  host.textContent = String(answer);
  host.dataset.done = "1";
}

engine().catch((error) => {
  console.error("the engine page could not start:", error);
  /** @type {HTMLElement} */ (document.getElementById("war-page")).textContent = String(error);
});
