"""The command line as command-line tools behave (issue 19, issue 20): ASCII digits only, the
version, its own name in the usage line, and every failure one line on stderr with an exit
status (a full disk, a closed pipe, a memory limit, Ctrl-C), never a traceback."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import war_widget
from war_widget.__main__ import main, program_name

ROOT = Path(__file__).resolve().parents[1]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    return env


def _cli(*args: str, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "war_widget", *args], capture_output=True, text=True, timeout=300,
                          check=False, env=_env(), **kw)  # type: ignore[call-overload]


@pytest.mark.parametrize("flag", ["--games", "--seed", "--workers", "--max-rounds"])
@pytest.mark.parametrize("text", ["١٢", "５", "1_000", "+5", " 5", "5 ", "0x10", "1e3", "٣"])
def test_numbers_take_ascii_digits_only(flag: str, text: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:           # in this process: argparse's own exit
        main(["simulate", flag, text])
    stderr = capsys.readouterr().err
    assert stop.value.code == 2 and "Traceback" not in stderr
    errors = [line for line in stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and "digits 0-9" in errors[0] and repr(text) in errors[0]


def test_the_digit_rule_in_a_real_process() -> None:
    done = _cli("simulate", "--games", "١٢")
    assert done.returncode == 2 and "Traceback" not in done.stderr and "digits 0-9" in done.stderr


def test_plain_digits_are_still_accepted() -> None:
    done = _cli("simulate", "--games", "12", "--seed", "0", "--max-rounds", "40", "--method", "engine")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("12 games of classic (seed 0)\n")


def test_version_prints_the_one_version() -> None:
    done = _cli("--version")
    assert done.returncode == 0 and done.stdout == f"python -m war_widget {war_widget.__version__}\n"


def test_the_usage_line_names_the_command_it_was_run_as(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    assert program_name("/home/me/.venv/bin/war-widget") == "war-widget"
    assert program_name("/site-packages/war_widget/__main__.py") == "python -m war_widget"
    monkeypatch.setattr(sys, "argv", ["/usr/local/bin/war-widget", "--version"])
    with pytest.raises(SystemExit) as stop:
        main()
    assert stop.value.code == 0 and capsys.readouterr().out == f"war-widget {war_widget.__version__}\n"
    assert "usage: python -m war_widget" in _cli("simulate", "--games", "x").stderr


def test_a_full_disk_is_one_line_and_status_1() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "war_widget", "simulate", "--games", "20", "--method", "engine"],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=300, env=_env())
    assert done.returncode == 1
    assert done.stderr == "python -m war_widget: error: cannot write the output: No space left on device\n"


def test_a_closed_pipe_is_one_line_and_status_1() -> None:
    done = subprocess.run(f"'{sys.executable}' -m war_widget simulate --games 20 --method engine | head -c 0; "
                          "exit ${PIPESTATUS[0]}", shell=True, executable="/bin/bash", capture_output=True,
                          text=True, timeout=300, env=_env())
    assert done.returncode == 1
    assert done.stderr == ("python -m war_widget: error: cannot write the output: it was closed before everything "
                           "was written (broken pipe)\n")


def test_a_memory_limit_is_respected_not_the_machines_memory() -> None:
    from war_widget.sim import simulation

    limit = 1_500_000_000            # bytes of address space (ulimit -v 1464843)
    code = (f"import resource, sys; resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit})); "
            "from war_widget.sim.simulation import max_games; print(max_games())")
    fitted = int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                env=_env(), timeout=120).stdout)
    assert 0 < fitted < limit // 2 // simulation.BYTES_PER_GAME < simulation.max_games()
    games = str(limit // simulation.BYTES_PER_GAME)     # would need all of the limit, fits in physical memory
    done = _cli("simulate", "--games", games, "--method", "engine",
                preexec_fn=lambda: __import__("resource").setrlimit(__import__("resource").RLIMIT_AS, (limit, limit)))
    assert done.returncode == 2 and "Traceback" not in done.stderr and "MemoryError" not in done.stderr
    assert done.stderr.count("\n") == 1 and "too many for one call" in done.stderr and "memory" in done.stderr


def _interrupt(args: list[str]) -> tuple[subprocess.CompletedProcess[str], float]:
    """Start the command in its own process group and press Ctrl-C (SIGINT to the whole group,
    as a terminal does) once it is playing."""
    proc = subprocess.Popen([sys.executable, "-m", "war_widget", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=_env(), start_new_session=True)
    time.sleep(4)
    assert proc.poll() is None, "the simulation ended before it could be interrupted"
    os.killpg(proc.pid, signal.SIGINT)
    pressed = time.monotonic()
    try:
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:  # pragma: no cover - the failure is the point
            os.killpg(proc.pid, signal.SIGKILL)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err), time.monotonic() - pressed


@pytest.mark.parametrize("extra", [[], ["--workers", "2"]], ids=["one process", "two worker processes"])
def test_ctrl_c_is_one_line_and_status_130_at_once(extra: list[str]) -> None:
    done, waited = _interrupt(["simulate", "--games", "2000000", "--method", "engine", *extra])
    assert done.returncode == 130
    assert done.stdout == "" and done.stderr == "python -m war_widget: interrupted\n"
    assert waited < 10          # the workers stop too; the games not started are not played
