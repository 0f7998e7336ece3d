"""Build the classroom site: War and the lessons as static files that run in the browser.

    python tools/build_site.py [--output _site]

JupyterLite (jupyterlite-core with the Pyodide kernel, pinned in site/requirements.txt) builds
the site; everything it needs is put inside the folder so that no request leaves the site's own
address: the Pyodide core from the npm package ``pyodide`` (pinned in site/package.json and its
lockfile, installed with ``npm ci``), the pure-Python wheels the page imports (site/wheels.txt,
downloaded from PyPI with pinned hashes and written into the site's ``pyodide-lock.json``),
war_widget's own wheel built from this repository, and the widgets' front ends
(site/extensions.txt). Downloads are cached in site/.cache/, so a second build is offline.
"""
from __future__ import annotations

import argparse
import base64
import email.parser
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
import urllib.parse
import zipfile
from dataclasses import dataclass
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

sys.path.insert(0, str(Path(__file__).resolve().parent))
import site_lessons  # noqa: E402  (tools/site_lessons.py: the lessons as the site holds them)

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
CACHE = SITE / ".cache" / "wheels"
TOOLS = SITE / ".cache" / "tools"   # the Pyodide kernel's build addon, kept out of the environment
NODE_PYODIDE = SITE / "node_modules" / "pyodide"
NODE_PLOTLY = SITE / "node_modules" / "plotly.js-basic-dist-min" / "plotly-basic.min.js"
BRIDGE = SITE / "bridge"        # the classroom page's own files (bridge.js, page_model.py ...)
COMPONENT = ROOT / "war_widget" / "views" / "component"
#: the wheels the classroom page unpacks into Pyodide: the package and the one library its widgets
#: need on page_model.py (no anywidget, ipywidgets, IPython or plotly: see site/bridge/page_model.py)
PAGE_WHEELS = ("war-widget", "traitlets")
#: the minimal engine page (benchmarks/bench_site.py's baseline): one engine game to its end
ENGINE_PAGE = "engine.html"
ENGINE_CODE = ("from war_widget import Game\ngame = Game('classic', seed=1)\noutcome = game.play_to_end()\n"
               "f'{game.code}: {game.round_number} rounds, {outcome.counts}'")

#: the files of the npm package that the page loads (the rest are types, maps and demos)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json")


#: requirements of the shipped wheels that are deliberately not in the browser, and why
BROWSER_ABSENT = {
    "widgetsnbextension": "the classic Notebook's front end; the site serves the lab extensions instead",
    "jupyterlab-widgets": "a front end only; the site serves its lab extension (site/extensions.txt)",
    "numpy": "no Pyodide build of numpy can be reached from the registries this project uses",
}

#: the environment Pyodide 314 reports to packaging's markers
PYODIDE_MARKERS = {
    "implementation_name": "cpython", "implementation_version": "3.14.2", "os_name": "posix",
    "platform_machine": "wasm32", "platform_release": "", "platform_system": "Emscripten",
    "platform_version": "", "python_full_version": "3.14.2", "platform_python_implementation": "CPython",
    "python_version": "3.14", "sys_platform": "emscripten", "extra": "",
}


@dataclass(frozen=True)
class ClassroomPage:
    """A page a teacher hands out, at the site's root: the table that ``code`` (its last
    expression) makes, alone on the page (site/bridge: Pyodide, the package and traitlets, no
    JupyterLite); ``loading`` is the line shown while Python starts."""

    file: str
    title: str
    lang: str
    code: str

    @property
    def loading(self) -> str:
        return "じゅんびしています…" if self.lang == "ja" else "Getting the cards ready…"


#: the classroom pages: War (its record, under the table, is kept in the browser's /drive), in
#: English, in everyday Japanese and in the children's (the kids rules), then Steal War and Casino War
CLASSROOM_PAGES = (
    ClassroomPage("classroom.html", "War", "en", "from war_widget import WarWidget\nWarWidget()"),
    ClassroomPage("classroom_ja.html", "戦争", "ja", "from war_widget import WarWidget\nWarWidget(lang='ja')"),
    ClassroomPage("classroom_kids.html", "せんそう（こども）", "ja",
                  "from war_widget import WarWidget\nWarWidget(rules='kids', lang='ja')"),
    ClassroomPage("steal.html", "Steal War", "en", "from war_widget import StealWarWidget\nStealWarWidget()"),
    ClassroomPage("casino.html", "Casino War", "en", "from war_widget import CasinoWarWidget\nCasinoWarWidget()"),
)
CLASSROOM_CODE = CLASSROOM_PAGES[0].code
GAMES_PAGE = "games.html"   # the list of the classroom pages, for the teacher


@dataclass(frozen=True)
class Pin:
    """One line of a pins file: name==version --hash=sha256:..."""

    name: str
    version: str
    sha256: str


def read_pins(path: Path) -> list[Pin]:
    """The pins of site/wheels.txt or site/extensions.txt (every line needs a version and a hash)."""
    pins = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([A-Za-z0-9._-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})", line)
        if not match:
            raise ValueError(f"{path.name}:{number}: expected 'name==version --hash=sha256:<64 hex>', got {raw!r}")
        pins.append(Pin(canonicalize_name(match[1]), match[2], match[3]))
    return pins


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def wheel_name(path: Path) -> tuple[str, str]:
    """(canonical name, version) from a wheel's file name."""
    name, version = path.name.split("-")[:2]
    return canonicalize_name(name), version


def fetch_wheels(pins: list[Pin]) -> dict[str, Path]:
    """The pinned wheels from the cache, downloading (pip, --require-hashes) the ones missing."""
    CACHE.mkdir(parents=True, exist_ok=True)

    def cached() -> dict[str, Path]:
        found = {}
        for path in CACHE.glob("*.whl"):
            found[f"{wheel_name(path)[0]}=={wheel_name(path)[1]}"] = path
        return found

    have = cached()
    missing = [p for p in pins
               if f"{p.name}=={p.version}" not in have or sha256(have[f"{p.name}=={p.version}"]) != p.sha256]
    if missing:
        with tempfile.TemporaryDirectory() as tmp:
            req = Path(tmp) / "req.txt"
            req.write_text("".join(f"{p.name}=={p.version} --hash=sha256:{p.sha256}\n" for p in missing))
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                            "--require-hashes", "--python-version", "3.14", "--implementation", "py",
                            "--abi", "none", "--platform", "any", "-r", str(req), "-d", str(CACHE)], check=True)
        have = cached()
    wheels = {}
    for pin in pins:
        path = have.get(f"{pin.name}=={pin.version}")
        if path is None or sha256(path) != pin.sha256:
            raise RuntimeError(f"{pin.name}=={pin.version}: no wheel with the pinned sha256 in {CACHE}")
        wheels[pin.name] = path
    return wheels


def build_own_wheel(dest: Path) -> Path:
    """war_widget's wheel, written straight from this repository's files.

    A pure-Python wheel is a zip of the package with its metadata (PEP 427); writing it here takes
    a fraction of a second, where ``pip wheel`` spends about 20 s setting up the build backend.
    Name, version and requirements are pyproject.toml's (the version is war_widget.__version__)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    init = (ROOT / "war_widget" / "__init__.py").read_text(encoding="utf-8")
    version_match = re.search(r'^__version__ = "([^"]+)"', init, re.M)
    if version_match is None:
        raise ValueError("war_widget/__init__.py has no __version__ = \"...\" line")
    version = version_match[1]
    dist = f"war_widget-{version}.dist-info"
    meta = ["Metadata-Version: 2.1", f"Name: {project['name']}", f"Version: {version}",
            f"Requires-Python: {project['requires-python']}", *[f"Requires-Dist: {r}" for r in project["dependencies"]]]
    files: dict[str, bytes] = {}
    for path in sorted((ROOT / "war_widget").rglob("*")):
        # not the C kernel built in place (pip install -e .): the browser's Python plays by the engine
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".so", ".pyd"):
            files[path.relative_to(ROOT).as_posix()] = path.read_bytes()
    files[f"{dist}/METADATA"] = ("\n".join(meta) + "\n").encode()
    files[f"{dist}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: tools/build_site.py\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    files[f"{dist}/top_level.txt"] = b"war_widget\n"
    record = [f"{name},sha256={_b64(hashlib.sha256(data).digest())},{len(data)}" for name, data in files.items()]
    files[f"{dist}/RECORD"] = ("\n".join([*record, f"{dist}/RECORD,,"]) + "\n").encode()
    dest.mkdir(parents=True, exist_ok=True)
    wheel = dest / f"war_widget-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as whl:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(2020, 2, 2, 0, 0, 0))  # reproducible: same sources, same bytes
            info.compress_type = zipfile.ZIP_DEFLATED
            whl.writestr(info, data)
    return wheel


def _b64(digest: bytes) -> str:
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def wheel_metadata(path: Path) -> tuple[list[str], list[str]]:
    """(top-level import names, requirement names for Pyodide) of a wheel."""
    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        (meta_name,) = [n for n in names if re.fullmatch(r"[^/]+\.dist-info/METADATA", n)]
        meta = email.parser.Parser().parsestr(whl.read(meta_name).decode("utf-8"))
    tops = set()
    for name in names:
        first = name.split("/", 1)[0]
        if first.endswith((".dist-info", ".data")):
            continue
        if "/" in name:
            tops.add(first)
        elif name.endswith(".py"):
            tops.add(name[:-3])
    depends = []
    for spec in meta.get_all("Requires-Dist") or []:
        req = Requirement(spec)
        if req.marker is not None and not Marker(str(req.marker)).evaluate(dict(PYODIDE_MARKERS)):
            continue
        depends.append(canonicalize_name(req.name))
    return sorted(t for t in tops if t.isidentifier()), depends


def write_lock(wheels: dict[str, Path], out_dir: Path) -> dict[str, dict[str, object]]:
    """pyodide-lock.json listing exactly the shipped wheels, with their PyPI hashes."""
    upstream = json.loads((NODE_PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    known = {canonicalize_name(k): v for k, v in upstream["packages"].items()}
    packages: dict[str, dict[str, object]] = {}
    for name, path in sorted(wheels.items()):
        version = wheel_name(path)[1]
        if name in known and known[name]["version"] != version:
            raise ValueError(f"site/wheels.txt pins {name}=={version}, but Pyodide's lock file has "
                             f"{known[name]['version']}: use Pyodide's version")
        imports, requires = wheel_metadata(path)
        depends = []
        for dep in requires:
            if dep in wheels:
                depends.append(dep)
            elif dep not in BROWSER_ABSENT:
                raise ValueError(f"{name} needs {dep}: add {dep} to site/wheels.txt, "
                                 "or to BROWSER_ABSENT with a reason")
        shutil.copy2(path, out_dir / path.name)
        packages[name] = {"name": name, "version": version, "file_name": path.name, "install_dir": "site",
                          "sha256": sha256(path), "package_type": "package", "imports": imports,
                          "depends": sorted(set(depends)), "unvendored_tests": False}
    lock = {"info": upstream["info"], "packages": packages}
    (out_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return packages


def ensure_pyodide() -> None:
    """site/node_modules at the versions site/package.json pins (``npm ci`` when one is not): the
    Pyodide core, and plotly.js's basic bundle for the classroom page's chart."""
    pinned = json.loads((SITE / "package.json").read_text(encoding="utf-8"))["dependencies"]
    installed = [SITE / "node_modules" / name / "package.json" for name in pinned]
    if all(p.exists() and json.loads(p.read_text(encoding="utf-8"))["version"] == pinned[p.parent.name]
           for p in installed):
        return
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=SITE, check=True)


def ensure_kernel_tools() -> Path:
    """jupyterlite-pyodide-kernel (site/requirements.txt) installed into site/.cache/tools only.

    Its lab extension, installed in the environment, would load into every JupyterLab, Notebook 7
    and Voila page and break them; here only the site's build sees it (on PYTHONPATH), and the
    site takes the extension from the same pinned wheel. Returns that wheel."""
    pins = read_pins(SITE / "requirements.txt")
    wheels = fetch_wheels(pins)
    stamp = TOOLS / "installed.txt"
    want = "".join(f"{p.name}=={p.version} {p.sha256}\n" for p in pins)
    if not stamp.exists() or stamp.read_text() != want:
        if TOOLS.exists():
            shutil.rmtree(TOOLS)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                        "--target", str(TOOLS), *[str(w) for w in wheels.values()]], check=True)
        stamp.write_text(want)
    return wheels["jupyterlite-pyodide-kernel"]


def contents(tmp: Path) -> list[Path]:
    """What the site's file browser holds: the lesson notebooks, and the teacher guides and
    printables (English and Japanese) that war_widget.lessons writes, in a folder teachers/.

    Each lesson is the site's copy (tools/site_lessons.py): a lesson with code cells that need
    Python on a computer (numpy, or a big simulation) opens with a note naming them and why."""
    from war_widget.lessons import build as build_lessons

    root = tmp / "contents"   # a folder given as contents is copied in flat: its teachers/ stays a folder
    build_lessons(root / "teachers")
    lessons = tmp / "lessons"
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        site_lessons.site_copy(path, lessons)
    return [*sorted(lessons.glob("*.ipynb")), root]


def classroom_url(code: str = CLASSROOM_CODE) -> str:
    """The classroom page, relative to the site: the REPL app running ``code``, in the classroom look
    (site/classroom-extension: no prompt, no toolbar, no code)."""
    query = urllib.parse.urlencode({"classroom": "1", "kernel": "python", "toolbar": "0", "showBanner": "0",
                                    "hideCodeInput": "1", "code": code})
    return f"repl/index.html?{query}"


def page_config(code: str, loading: str, packages: dict[str, dict[str, object]],
                wheels: tuple[str, ...] = PAGE_WHEELS) -> dict[str, object]:
    """What a page of site/bridge reads from its <script id="war-config">: where Pyodide and the
    wheels are (the ones JupyterLite's kernel loads too: one copy on the site), its files, its code."""
    return {"pyodide": "static/pyodide/", "wheels": [f"static/pyodide/{packages[w]['file_name']}" for w in wheels],
            "model": "bridge/page_model.py", "table": "bridge/table.js", "plotly": f"bridge/{NODE_PLOTLY.name}",
            "code": code, "loading": loading}


def bridge_page(title: str, lang: str, config: dict[str, object], script: str) -> str:
    """A page of site/bridge: the loading line, the config, the module ``script`` (no inline script)."""
    data = json.dumps(config, ensure_ascii=False).replace("</", "<\\/")
    return (f"<!DOCTYPE html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{html.escape(title)}</title>\n<link rel=\"icon\" href=\"favicon.ico\">\n"
            "<link rel=\"stylesheet\" href=\"bridge/table.css\"><link rel=\"stylesheet\" href=\"bridge/page.css\">\n"
            f"<link rel=\"modulepreload\" href=\"static/pyodide/pyodide.mjs\">\n"
            f"<script type=\"module\" src=\"{script}\"></script>\n"
            f"<script type=\"application/json\" id=\"war-config\">{data}</script></head>\n"
            f"<body><main id=\"war-page\"><p class=\"war-loading\">{html.escape(str(config['loading']))}</p></main>"
            "</body></html>\n")


def write_bridge(output: Path, packages: dict[str, dict[str, object]]) -> None:
    """The classroom page's files in ``bridge/`` (site/bridge, the component's table.js and
    table.css, plotly.js's basic bundle: the chart's line and markers, a quarter of the whole
    bundle's bytes and of its start-up work on the main thread), and the minimal engine page."""
    folder = output / "bridge"
    folder.mkdir()
    for name in ("bridge.js", "engine.js", "page_model.py", "page.css"):
        shutil.copy2(BRIDGE / name, folder / name)
    for name in ("table.js", "table.css"):
        shutil.copy2(COMPONENT / name, folder / name)
    shutil.copy2(NODE_PLOTLY, folder / NODE_PLOTLY.name)
    config = page_config(ENGINE_CODE, "Playing one game…", packages, ("war-widget",))
    (output / ENGINE_PAGE).write_text(bridge_page("War: the engine alone", "en", config, "bridge/engine.js"),
                                      encoding="utf-8")


def write_classroom_pages(output: Path, packages: dict[str, dict[str, object]]) -> None:
    """The classroom pages at the site's root (each the table alone, site/bridge), the games page
    listing them, and the favicon the browser asks the root for."""
    for page in CLASSROOM_PAGES:
        (output / page.file).write_text(
            bridge_page(page.title, page.lang, page_config(page.code, page.loading, packages), "bridge/bridge.js"),
            encoding="utf-8")
    items = "".join(f"<li lang=\"{p.lang}\"><a href=\"{p.file}\">{html.escape(p.title)}</a></li>\n"
                    for p in CLASSROOM_PAGES)
    (output / GAMES_PAGE).write_text(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        "<title>War: the classroom pages</title>\n<link rel=\"icon\" href=\"favicon.ico\">\n"
        "<style>body{font:1.25rem/1.6 system-ui,sans-serif;margin:2rem}a{display:inline-block;padding:.5rem 0}</style>"
        "</head>\n<body><h1>War: the classroom pages</h1>\n<ul>\n" + items +
        "</ul>\n<p><a href=\"lab/index.html\">Lessons and teacher guides</a></p></body></html>\n", encoding="utf-8")
    if not (output / "favicon.ico").exists():
        shutil.copy2(output / "lab" / "favicon.ico", output / "favicon.ico")


def build(output: Path) -> dict[str, object]:
    """Build the site into ``output`` (replaced); returns a summary (sizes, packages, seconds)."""
    started = time.perf_counter()
    ensure_pyodide()
    browser = fetch_wheels(read_pins(SITE / "wheels.txt"))
    extensions = fetch_wheels(read_pins(SITE / "extensions.txt"))
    kernel_wheel = ensure_kernel_tools()
    with tempfile.TemporaryDirectory(prefix="war-site-") as tmp_name:
        tmp = Path(tmp_name)
        own = build_own_wheel(tmp / "own")
        lite = tmp / "lite"
        pyodide_dir = lite / "static" / "pyodide"
        pyodide_dir.mkdir(parents=True)
        for name in PYODIDE_FILES:
            shutil.copy2(NODE_PYODIDE / name, pyodide_dir / name)
        packages = write_lock({**browser, wheel_name(own)[0]: own}, pyodide_dir)
        shutil.copy2(SITE / "jupyter-lite.json", lite / "jupyter-lite.json")
        for app_config in SITE.glob("*/jupyter-lite.json"):  # per-app settings (site/repl/: the classroom page)
            if app_config.parent.name not in ("node_modules", ".cache"):
                (lite / app_config.parent.name).mkdir()
                shutil.copy2(app_config, lite / app_config.parent.name / "jupyter-lite.json")
        config = {"LiteBuildConfig": {
            "ignore_sys_prefix": True,
            "federated_extensions": [str(kernel_wheel),
                                     str(SITE / "classroom-extension"),
                                     str(browser["anywidget"]), str(browser["plotly"]),
                                     *[str(p) for p in extensions.values()]],
            "contents": [str(p) for p in contents(tmp)],
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
            "output_dir": str(output),
        }}
        (lite / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
        if output.exists():
            shutil.rmtree(output)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TOOLS), *filter(None, [os.environ.get("PYTHONPATH")])])}
        subprocess.run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite)],
                       cwd=lite, check=True, stdout=subprocess.DEVNULL, env=env)
    write_classroom_pages(output, packages)
    write_bridge(output, packages)
    files = [p for p in output.rglob("*") if p.is_file()]
    return {"output": str(output), "files": len(files), "bytes": sum(p.stat().st_size for p in files),
            "packages": sorted(packages), "seconds": round(time.perf_counter() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=ROOT / "_site", help="the folder to build (default _site/)")
    args = parser.parse_args(argv)
    summary = build(args.output.resolve())
    size = int(summary["bytes"])  # type: ignore[call-overload]
    print(f"built {summary['output']}: {summary['files']} files, {size / 1e6:.1f} MB, "
          f"{len(summary['packages'])} Python packages, in {summary['seconds']} s")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    sys.exit(main())
