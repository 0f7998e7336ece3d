// Builds the front ends' ES modules (what the package ships and anywidget loads as `_esm`) from
// their source modules with esbuild: bundled, not minified (stack traces name the real functions),
// each with a header that says it is generated:
//   war_widget/views/component/table.js  from war_widget/views/component/src/ (the War table);
//   war_widget/classmode/seat.js, board.js  from war_widget/classmode/src/ (the class mode's pages).
// `npm run build` writes them all; `--out FILE` writes the table's alone into FILE, `--outdir DIR`
// all of them under DIR (the test tests/js/test_bundle.py builds into a temporary folder and
// compares each byte for byte).
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const version = JSON.parse(readFileSync(resolve(root, "node_modules/esbuild/package.json"), "utf8")).version;

const BUNDLES = [
  { what: "the War table component", src: "war_widget/views/component/src/", entry: "index.js",
    out: "war_widget/views/component/table.js" },
  { what: "the class mode's seat page", src: "war_widget/classmode/src/", entry: "seat.js",
    out: "war_widget/classmode/seat.js" },
  { what: "the class mode's board", src: "war_widget/classmode/src/", entry: "board.js",
    out: "war_widget/classmode/board.js" },
];

function option(name) {
  const at = process.argv.indexOf(name);
  return at >= 0 ? resolve(process.argv[at + 1]) : null;
}

const file = option("--out");
const dir = option("--outdir");
const jobs = file ? [{ ...BUNDLES[0], to: file }] : BUNDLES.map((b) => ({ ...b, to: resolve(dir || root, b.out) }));

for (const b of jobs) {
  const banner = [
    `// GENERATED FILE, do not edit: ${b.what} (anywidget \`_esm\`), bundled by esbuild`,
    `// ${version} from the source modules ${b.src}*.js (entry src/${b.entry}).`,
    "// Edit the modules there and rebuild with `npm run build` (tools/build_table.mjs); CI fails",
    "// when this file and the sources disagree (tests/js/test_bundle.py).",
  ].join("\n");
  await build({
    absWorkingDir: root,
    entryPoints: [b.src + b.entry],
    outfile: b.to,
    bundle: true,
    format: "esm",
    platform: "browser",
    minify: false,
    sourcemap: false,
    legalComments: "none",
    banner: { js: banner },
    logLevel: "warning",
  });
}
