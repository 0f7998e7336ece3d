/* global window, document, URL, URLSearchParams */
// The classroom page of the War site (tools/build_site.py): a JupyterLab prebuilt extension,
// written by hand because it is this small. JupyterLite loads this script, then asks its
// container for "./style"; on a page opened with ?classroom (the REPL app showing the table) the
// style module marks <body> and links classroom.css, which hides the prompt, the toolbar and the
// execution counts, so the page shows one table and no code. Every other page is left as it is.
(function () {
  "use strict";
  const script = document.currentScript;
  const cssUrl = new URL("classroom.css", script ? script.src : window.location.href).href;
  const NAME = "war-widget-classroom";

  function applyStyle() {
    if (!new URLSearchParams(window.location.search).has("classroom")) {
      return {};
    }
    document.body.classList.add("war-classroom");
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = cssUrl;
    document.head.appendChild(link);
    return {};
  }

  const registry = (window._JUPYTERLAB = window._JUPYTERLAB || {});
  registry[NAME] = {
    init: function () {
      return Promise.resolve();
    },
    get: function (module) {
      if (module === "./style") {
        return Promise.resolve(function () {
          return applyStyle();
        });
      }
      return Promise.reject(new Error(NAME + " has no module " + module));
    },
  };
})();
