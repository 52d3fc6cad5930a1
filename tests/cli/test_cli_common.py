"""What every command shares (cli/common.py, cli/group.py): outputs, error lines, exit codes."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from euchre_stats.cli.main import cli

# -P: the installed package, never the checkout beside the working folder (its cli/ is installed as euchre_stats.cli)
MAIN = [sys.executable, "-P", "-c", "from euchre_stats.cli.main import main; main()"]


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_an_empty_output_name_is_refused_before_any_work():
    r = run("odds", "--deck", "24", "-o", "")
    assert r.exit_code == 2 and "'' is not a file name" in r.stderr


def test_closed_standard_output_is_an_error_not_a_silent_success():
    r = subprocess.run(MAIN + ["odds", "--deck", "24"], stdout=None, stderr=subprocess.PIPE, text=True,
                       stdin=subprocess.DEVNULL, close_fds=True, preexec_fn=lambda: __import__("os").close(1))
    assert r.returncode == 74, r.stderr
    assert r.stderr.strip() == "Error: standard output is closed: nothing was written (use -o FILE)"


def test_a_full_standard_output_is_an_error():
    with open("/dev/full", "w") as full:
        r = subprocess.run(MAIN + ["odds", "--deck", "24"], stdout=full, stderr=subprocess.PIPE, text=True)
    assert r.returncode == 74 and "cannot write to standard output: No space left on device" in r.stderr
    assert "Traceback" not in r.stderr


def test_a_huge_echo_is_cut_to_one_short_line():
    hand = " ".join(["9h", "Th", "Jh", "Qh", "Kh", "Ah"] * 5000)
    r = run("order", hand, "--up", "9c", "--seat", "eldest")
    assert r.exit_code == 2
    line = r.stderr.strip()
    assert "\n" not in line and len(line) < 420 and "characters ...]" in line


def test_one_card_is_one_card():
    r = run("order", "Jh", "--up", "9h", "--seat", "eldest")
    assert r.stderr.strip() == "Error: hand 'Jh' has 1 card; expected 5"


@pytest.mark.parametrize("command", [["odds"], ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest"],
                                     ["variants", "-n", "5"]])
def test_six_handed_refuses_a_deck_it_is_not_dealt_from(command):
    """--players 6 --deck 24 used to play the 33-card deck silently."""
    r = run(*command, "--players", "6", "--deck", "24")
    assert r.exit_code == 2 and "six-handed euchre is dealt from the 33-card deck" in r.stderr


def test_resuming_with_other_rules_names_the_options_that_differ(tmp_path):
    d = str(tmp_path / "run")
    base = ["table", "--seat", "eldest", "--limit", "3", "--samples-per-class", "5", "--seed", "1", "--run-dir", d,
            "--no-charts"]
    assert run(*base).exit_code == 0
    r = run(*base, "--stick-the-dealer", "--game-to", "11")
    assert r.exit_code == 2
    assert ("different settings: rules.stick_the_dealer is False there, True now; rules.game_to is 10 there, 11 "
            "now; use a new --run-dir") in r.stderr
    assert "canadian_loner" not in r.stderr


def test_a_failed_write_is_not_called_a_read():
    from euchre_stats.cli.common import _os_message

    assert _os_message(OSError(28, "No space left on device")) == "cannot write: No space left on device"
    assert "cannot read" not in _os_message(OSError(5, "Input/output error"))
