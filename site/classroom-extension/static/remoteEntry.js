/* global window, document, URL, URLSearchParams, Element, MutationObserver */
// The classroom page of the War site (tools/build_site.py): a JupyterLab prebuilt extension,
// written by hand because it is this small. JupyterLite loads this script, then asks its
// container for "./style"; on a page opened with ?classroom (the REPL app showing the table) the
// style module marks <body> and links classroom.css, which hides the prompt, the toolbar and the
// execution counts, so the page shows one table and no code, and keeps the REPL from scrolling the
// table's top out of view (holdTheTop). Every other page is left as it is.
(function () {
  "use strict";
  const script = document.currentScript;
  const cssUrl = new URL("classroom.css", script ? script.src : window.location.href).href;
  const NAME = "war-widget-classroom";

  // The REPL scrolls its console to the bottom when code has run (JupyterLab's console sets the
  // content's scrollTop to its scrollHeight). On a classroom page the output is the table, so the
  // page opened on the table's bottom (its results), the cards scrolled out of sight. Here the
  // console's content ignores scrollTop written by script: it opens at its top, and a person
  // still scrolls it (wheel, touch, keys and scrollIntoView do not go through that setter).
  const SCROLL_TOP = Object.getOwnPropertyDescriptor(Element.prototype, "scrollTop");

  function holdTheTop() {
    const shell = new MutationObserver(function () {    // the console, once the REPL has made it
      const content = document.querySelector(".jp-CodeConsole-content");
      if (content) {
        shell.disconnect();
        Object.defineProperty(content, "scrollTop", {
          configurable: true,
          get: function () { return SCROLL_TOP.get.call(this); },
          set: function () {},
        });
      }
    });
    shell.observe(document.body, { childList: true, subtree: true });
  }

  function applyStyle() {
    if (!new URLSearchParams(window.location.search).has("classroom")) {
      return {};
    }
    document.body.classList.add("war-classroom");
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = cssUrl;
    document.head.appendChild(link);
    holdTheTop();
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
