// ESLint for the component's ES modules (browser: the sources in war_widget/views/component/src/ and
// the table.js esbuild bundles from them), their build script and their node tests.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/**", "**/.ipynb_checkpoints/**", "tests/browser/artifacts/**"] },
  js.configs.recommended,
  {
    files: ["war_widget/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
    rules: { "no-unused-vars": ["error", { argsIgnorePattern: "^_" }], eqeqeq: "error", "prefer-const": "error" },
  },
  {
    files: ["tools/**/*.mjs"],                // the build of table.js (tools/build_table.mjs), run by node
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
  {
    files: ["tests/js/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
  {
    files: ["tests/js/gallery.js"],          // a page of the browser test (tests/views/test_card_gallery.py)
    languageOptions: { globals: { ...globals.browser } },
  },
];
