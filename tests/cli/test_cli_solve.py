"""``euchre-stats solve`` and ``euchre-stats bench solver`` through click's CliRunner."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from euchre_stats.cli.main import cli

LAYDOWN = ["--hands", "Jh Jd Ah Kh Qh", "9s Ts Js Qs Ks", "-", "9c Tc Jc Qc Kc", "--trump", "h",
           "--leader", "0", "--out", "2"]


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def test_solve_table():
    r = run("solve", *LAYDOWN)
    assert r.exit_code == 0, r.output
    assert "tricks: seats 0+2 take 5, seats 1+3 take 0" in r.output
    assert "Jh 5" in r.output and "Qh 5" in r.output


def test_solve_json_mid_trick():
    r = run("solve", "--hands", "Ac 9h", "Kc", "Qc Ts", "Tc As", "--trump", "s", "--leader", "1",
            "--played", "9c", "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["to_move"] == 2
    assert list(data["card_values"]) == ["Qc"]
    assert sum(data["tricks"]) == 2


def test_solve_jsonl_and_deck():
    r = run("solve", "--hands", "Jk Jh", "Ah Kh", "", "", "--trump", "h", "--out", "2", "--out", "3",
            "--deck", "25", "--format", "jsonl")
    assert r.exit_code == 0, r.output
    from euchre_stats import __version__

    assert json.loads(r.output) == {"tricks": [2, 0], "card_values": {"Jh": 2, "Jk": 2}, "to_move": 0,
                                    "version": __version__}


def test_batch(tmp_path):
    lines = [
        {"deck": "24", "trump": "h", "leader": 0, "out": [2],
         "hands": [["Jh", "Ah"], ["9s", "Ts"], [], ["9c", "Kc"]], "played": []},
        {"trump": "h", "leader": 0, "hands": [["Jh"], ["Jh"], ["9c"], ["Kc"]]},
        {"trump": "s", "leader": 1, "hands": ["Ac 9h", "Kc", "Qc Ts", "Tc As"], "played": ["9c"]},
        {"trump": "h", "hands": [[], [], [], []]},
    ]
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\nnot json\n")
    r = run("solve", "--input", str(path))
    assert r.exit_code == 0, r.output
    out = [json.loads(x) for x in r.output.splitlines()]
    assert len(out) == 5
    assert out[0] == {"tricks": [2, 0], "card_values": {"Jh": 2, "Ah": 2}}
    assert out[1] == {"error": "line 2: card 'Jh' is held by seats 0 and 1 in ['Jh', 'Jh', '9c', 'Kc']"}
    assert list(out[2]["card_values"]) == ["Qc"]
    assert out[3]["error"].startswith("line 4: missing 'leader'")
    assert out[4]["error"] == "line 5: malformed JSON (column 1): Expecting value"


def test_batch_from_stdin():
    line = json.dumps({"trump": "c", "leader": 1, "out": [0, 2], "hands": ["", "Ac", "", "Kc"]})
    r = run("solve", "--input", "-", input=line + "\n")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == {"tricks": [0, 1], "card_values": {"Ac": 1}}


@pytest.mark.parametrize("args, message", [
    (["--hands", "Xh", "", "", "", "--trump", "h"], "Error: cannot read a card at 'Xh' in 'Xh'"),
    (["--hands", "Jh", "Jh", "", "", "--trump", "h", "--out", "2", "--out", "3"],
     "Error: card 'Jh' is held by seats 0 and 1"),
    (["--hands", "7h", "9h", "", "", "--trump", "h", "--out", "2", "--out", "3"],
     "Error: card '7h' is not in the 24-card deck"),
    (["--hands", "Jh", "9h", "", "", "--trump", "q", "--out", "2", "--out", "3"], "Error: unknown trump 'q'"),
    (["--hands", "Jh", "9h", "", "", "--out", "2", "--out", "3"], "Error: missing --trump"),
    (["--trump", "h"], "Error: missing --hands"),
    (["--input", "/nonexistent/x.jsonl"], "Error: file not found: '/nonexistent/x.jsonl'"),
])
def test_bad_input(args, message):
    r = run("solve", *args)
    assert r.exit_code == 2
    assert r.output.strip().splitlines()[-1].startswith(message), r.output
    assert "Traceback" not in r.output


def test_bench_solver_json():
    r = run("bench", "solver", "--deals", "30", "--seed", "5", "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["deals"] == 30 and data["seed"] == 5 and data["threads"] == 1
    assert data["nodes_per_deal"] > 0


def test_bench_solver_table():
    r = run("bench", "solver", "--deals", "20", "--seed", "9", "--values")
    assert r.exit_code == 0, r.output
    assert "deals/s" in r.output and "seed 9" in r.output and "TT hit rate" in r.output


@pytest.mark.parametrize("path", [["solve"], ["bench"], ["bench", "solver"]])
def test_help_has_example(path):
    r = run(*path, "--help")
    assert r.exit_code == 0
    assert "Example" in r.output and "euchre-stats " in r.output


def test_no_trump():
    r = run("solve", "--hands", "Ah 9s Td", "Kh As Jd", "9h Qs Ac", "Th Ks Ad", "--trump", "n", "--leader", "0")
    assert r.exit_code == 0 and r.output.startswith("no trump, seat 0 to lead")
    assert "seats 0+2 take 1, seats 1+3 take 2" in r.output
    r = run("solve", "--hands", "Ah 9s Td", "Kh As Jk", "9h Qs Ac", "Th Ks Ad", "--trump", "n", "--deck", "25")
    assert r.exit_code == 2 and "no trump with the Joker in play" in r.output and "Traceback" not in r.output


# --- six seats: six-handed euchre and the doubled pack, through the six-seat solver --------------------
def _six_expected(hands, t, leader, out, table):
    """Side 0's tricks and each legal card's value for the side to move, by plain minimax."""
    import numpy as np

    from euchre_stats.core.bits import NUM_CARDS_ALL
    from euchre_stats.core.cards import card_name
    from euchre_stats.core.trump import legal_plays
    from naive_seats import naive

    sides = [s % 2 for s in range(6)]
    active = [s for s in range(6) if s not in out]
    mover = leader
    for _ in table:
        mover = active[(active.index(mover) + 1) % len(active)]
    total = bin(hands[mover]).count("1")
    values = {}
    legal = legal_plays(hands[mover], t, table[0] if table else None)
    for c in range(NUM_CARDS_ALL):
        if (legal >> c) & 1:
            h = list(hands)
            h[mover] &= ~(1 << c)
            s0 = naive(h, t, leader, sides, out=out, table=tuple(table) + (c,))
            values[card_name(c)] = s0 if mover % 2 == 0 else total - s0
    return naive(hands, t, leader, sides, out=out, table=tuple(table)), values, np


@pytest.mark.parametrize("deck", ["33", "50"])
def test_solve_six_seats_matches_plain_minimax(deck):
    """`solve --players 6` (and `--deck 50`) against plain minimax: side 0's tricks and the value of
    every legal card, on random positions with seats out (a loner's partners) and cards on the table."""
    import numpy as np

    from euchre_stats.core.cards import card_name, mask_to_cards
    from euchre_stats.solver.seats import solve_seats
    from naive_seats import random_seat_position as _position

    rng = np.random.default_rng(27 + int(deck))
    trumps = "cdhsn"
    for i in range(40):
        out = [(), (2, 4), (1, 3)][i % 3]
        hands, t, leader, table = _position(rng, 6, 2, deck=deck, out=out, on_table=int(rng.integers(0, 3)),
                                            faces=4 if deck == "50" else None)
        want, values, _ = _six_expected(hands, t, leader, out, table)
        args = ["solve", "--players", "6", "--deck", deck, "--hands",
                *[" ".join(card_name(c) for c in mask_to_cards(h)) or "-" for h in hands],
                "--trump", trumps[t], "--leader", str(leader), "--format", "json"]
        for s in out:
            args += ["--out", str(s)]
        if table:
            args += ["--played", " ".join(card_name(c) for c in table)]
        r = run(*args)
        assert r.exit_code == 0, (i, r.output)
        got = json.loads(r.output)
        assert got["tricks"][0] == want == solve_seats(hands, t, leader, played=table, out=out), i
        assert got["card_values"] == values, i
        assert got["seats"] == 6 and sum(got["tricks"]) == bin(hands[got["to_move"]]).count("1")


def test_solve_six_seats_table_and_examples():
    r = run("solve", "--players", "6", "--hands", "Jk Jh", "9s Ts", "-", "9c Tc", "-", "9d Td", "--trump", "h",
            "--leader", "0", "--out", "2", "--out", "4")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == ["trump hearts, 6 seats, seat 0 to lead",
                                     "tricks: seats 0+2+4 take 2, seats 1+3+5 take 0",
                                     "card values (tricks for seats 0+2+4): Jk 2  Jh 2"]
    # the doubled pack: both aces of hearts in one hand are one choice; the later of two equal cards wins
    r = run("solve", "--deck", "50", "--hands", "Ah 9c", "Kh Qh", "Ks Qs", "Ah 9d", "Ac Kc", "9s Ts",
            "--trump", "h", "--leader", "0", "--format", "json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)
    assert got["seats"] == 6 and got["card_values"]["Ah"] == 0  # seat 3's ace, played later, takes it


@pytest.mark.parametrize("args, words", [
    (["--players", "6", "--hands", "Jk", "9s", "9h", "9c", "--trump", "h"], "--players 6 needs 6 hands"),
    (["--hands", "Jk", "9s", "9h", "9c", "Ah", "--trump", "h"], "four hands (seats 0..3) or six"),
    (["--deck", "50", "--hands", "Jk", "9s", "9h", "9c", "--trump", "h"], "six-handed euchre's: give six hands"),
    (["--players", "6", "--deck", "50", "--hands", "7h", "Kh", "Ks", "Jd", "Ac", "9s", "--trump", "h"], "'7h'"),
    (["--players", "6", "--deck", "50", "--hands", "Ah", "Ah", "Ah", "Jd", "Ac", "9s", "--trump", "h"],
     "a third time"),
    (["--players", "6", "--hands", "Jk", "9s", "9h", "9c", "Ad", "Qd", "--trump", "h", "--leader", "7"],
     "leader 7 is not an active seat"),
    (["--players", "6", "--hands", "Jk", "9s", "9h", "9c", "Ad", "Qd", "--trump", "h", "--out", "6"],
     "seats sitting out are seats 0-5"),
    (["--players", "6", "--hands", "Jk", "9s", "9h", "9c", "Ad", "Qd", "--trump", "n"], "no place in no trump"),
    (["--players", "6", "--hands", "Jk", "Ks", "9h Th", "9c Tc", "Ad Kd", "Qd 8d", "--trump", "h",
      "--played", "9s Jh", "--leader", "0"], "a renege"),
    (["--players", "6", "--input", "x.jsonl"], "six seats take --hands"),
    (["Jh", "--trump", "h"], "unexpected argument 'Jh'"),
])
def test_solve_six_seats_bad_input_is_one_line(args, words):
    r = run("solve", *args)
    assert r.exit_code == 2, r.output
    assert words in r.output and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1, r.output
