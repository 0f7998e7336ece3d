"""site/bridge/page_model.py: the package's own widgets on the classroom page's model, in CPython.

The page installs page_model as ``anywidget`` before war_widget's widgets are imported; here that
is done in a fresh interpreter (this one has the real anywidget), which plays the same game as a
real ``TableComponent`` here and prints what the page would have been told.
"""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from lite_page import REPO

from war_widget import Game
from war_widget.views.component import TableComponent

CODE = Game("classic", seed=11).code

PAGE = textwrap.dedent(f"""
    import json, sys
    sys.path.insert(0, {str(REPO / "site" / "bridge")!r})
    import page_model
    page_model.install()
    from war_widget.views.component import TableComponent
    told = []
    widget = TableComponent(code={CODE!r})
    bridge = page_model.connect(widget, lambda kind, text: told.append((kind, json.loads(text))))
    out = {{"heavy": sorted(m for m in ("ipywidgets", "IPython", "comm", "plotly") if m in sys.modules),
            "state": json.loads(bridge.state())}}
    bridge.message(json.dumps({{"do": "flip"}}))
    out["after_flip"] = told[:]
    told.clear()
    shown = out["after_flip"][-1][1]["beats"][-1]["id"]
    bridge.receive(json.dumps({{"shown": shown}}))
    out["echo"], out["shown"] = told[:], widget.shown
    refused = []
    for text in ('[1, 2]', '{{"nope": 1}}'):
        try:
            bridge.receive(text)
        except ValueError as exc:
            refused.append(str(exc))
    out["refused"] = refused
    try:
        page_model.connect(object(), print)
    except ValueError as exc:
        out["not_a_widget"] = str(exc)
    print(json.dumps(out))
""")


def run_page() -> dict:
    done = subprocess.run([sys.executable, "-c", PAGE], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def test_the_page_model_carries_the_widgets_own_play() -> None:
    out = run_page()
    assert out["heavy"] == []          # none of Jupyter's libraries came along
    real = TableComponent(code=CODE)
    # the state the page starts from: every synced trait of the real widget, with the same values
    want = {name: getattr(real, name) for name in real.trait_names(sync=True)
            if name not in ("_esm", "_css", "_anywidget_id", "_dom_classes", "layout", "tabbable", "tooltip")
            and not name.startswith("_") and name not in ("comm", "keys", "log")}
    assert set(out["state"]) == set(want)
    assert out["state"]["setup"] == json.loads(json.dumps(real.setup))
    # Flip, sent by the page: the beats the real widget makes, told as state messages (one per
    # push of the widget, each the traits its hold_sync changed)
    real.flip()
    assert {kind for kind, _ in out["after_flip"]} == {"state"}
    told: dict = {}
    for _, changed in out["after_flip"]:
        told.update(changed)
    assert [b["say"] for b in told["beats"]] == [b["say"] for b in real.beats] and real.beats
    assert told["state"] == json.loads(json.dumps(real.state))
    assert told["chart_tail"] == json.loads(json.dumps(real.chart_tail))
    # the page's own value is taken and not sent back
    assert out["shown"] == told["beats"][-1]["id"] and out["echo"] == []
    assert "a JSON object is allowed" in out["refused"][0]
    assert "nope" in out["refused"][1] and "shown" in out["refused"][1]
    assert "an AnyWidget) is allowed" in out["not_a_widget"]
