// Builds the table component's one ES module, war_widget/views/component/table.js (what the package
// ships and anywidget loads as `_esm`), from the source modules in war_widget/views/component/src/
// with esbuild: bundled, not minified (stack traces name the real functions), with a header that
// says it is generated. `npm run build` writes table.js; `--out FILE` writes FILE instead (the test
// tests/js/test_bundle.py builds into a temporary file and compares it byte for byte).
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const at = process.argv.indexOf("--out");
const out = at >= 0 ? resolve(process.argv[at + 1]) : resolve(root, "war_widget/views/component/table.js");
const version = JSON.parse(readFileSync(resolve(root, "node_modules/esbuild/package.json"), "utf8")).version;

const banner = [
  "// GENERATED FILE, do not edit: the War table component (anywidget `_esm`), bundled by esbuild",
  `// ${version} from the source modules war_widget/views/component/src/*.js (entry src/index.js).`,
  "// Edit the modules there and rebuild with `npm run build` (tools/build_table.mjs); CI fails",
  "// when this file and the sources disagree (tests/js/test_bundle.py).",
].join("\n");

await build({
  absWorkingDir: root,
  entryPoints: ["war_widget/views/component/src/index.js"],
  outfile: out,
  bundle: true,
  format: "esm",
  platform: "browser",
  minify: false,
  sourcemap: false,
  legalComments: "none",
  banner: { js: banner },
  logLevel: "warning",
});
