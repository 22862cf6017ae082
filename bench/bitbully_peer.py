#!/usr/bin/env python3
"""BitBully (the PyPI package `bitbully`: a C++ Connect-4 solver behind pybind11) on the
community test sets: the second peer of plyground's exact solver in `plyground-peers`
(`cargo xtask bench --peers`), which runs this script in the virtual environment xtask
makes on first use, `<target dir>/peers-venv` (never system-wide, never in CI).

    target/peers-venv/bin/python bench/bitbully_peer.py [--data DIR] [--reps N]
        [--method nullWindow|mtdf] [--empty] [--tsv] SET[:COUNT]...

SET is a file of `shared/data/connect4` (Test_L3_R1, ...), COUNT its first COUNT positions
(default all): plyground-peers passes the sets and counts it measures itself in that mode,
so both sides solve the same positions.

How each position is solved, and why:

- `BitBullyCore()` without an opening book (its books come in a separate package,
  `bitbully-databases`, which xtask does not even install), strong solving: the exact
  score, as ours.
- `nullWindow` by default: BitBully's iterative null-window search, the counterpart of ours.
  Its `mtdf` (first guess 0) answers the same but took ten times as long on Test_L1_R1
  (1.5 ms against 14.8 ms a position on the first 50); `--method mtdf` measures it.
- The transposition table is cleared before each position (`resetTranspositionTable`), as
  ours is, so each position costs what it costs from scratch. The clear is outside the
  timer: it allocates and zeroes BitBully's ~96 MiB of tables afresh (some 24,000 page
  faults, about 50 ms, mostly kernel time), where ours starts a new epoch. Only the solve
  call is timed (no page faults happen in it), which still includes one Python-to-C++ call
  (printed as the overhead line) and the caches the clear left cold: on Test_L3_R1,
  solving without the clear took about 14 µs a position instead of about 50 µs. The
  clears make this script slow: about 50 ms a position a pass.
- Every score is checked against the file's exact score, and the run fails on the first
  mismatch. No conversion is needed: BitBully scores from the side to move in Pascal Pons'
  convention, as the files do (a win on the next move from the empty board is 21, its
  `scoreToMovesLeft(21, empty board)` is 1; the files give 22 minus the winner's stones).
- Times are the process's CPU time (`time.process_time`: BitBully solves on this one thread),
  so that what other processes take of a shared machine is not counted on this side;
  plyground-peers times ours by the wall clock, so load can only make ours look slower.
- Times are the best of `--reps` passes over a set after one untimed pass (page first
  touches, caches, clock frequency), as in plyground-peers; the node count
  (`getNodeCounter`, nodes visited by its search) must be the same in every pass.
- `--empty`: the empty board too (strong, no book; minutes): one pass, no warm-up.

Output: a table, or with `--tsv` tab-separated lines for plyground-peers:
`version V`, `overhead SECONDS`, `set NAME COUNT SCORE_SUM MEAN_SECONDS MEAN_NODES`,
`empty SECONDS NODES`.
"""

import argparse
import gc
import os
import sys
import time
from pathlib import Path

import bitbully
import bitbully.bitbully_core as bbc


def data_dir(arg):
    """`--data`, else `$PLYGROUND_DATA`, else the first `shared/data/connect4` found walking
    up from this script (as plyground-peers looks for it)."""
    if arg:
        return Path(arg)
    if os.environ.get("PLYGROUND_DATA"):
        return Path(os.environ["PLYGROUND_DATA"])
    for d in Path(__file__).resolve().parents:
        cand = d / "shared" / "data" / "connect4"
        if cand.is_dir():
            return cand
    sys.exit("bitbully_peer: no shared/data/connect4 folder found (set PLYGROUND_DATA or --data)")


def to_pons(score):
    """BitBully's score in the files' convention: the same one (see the module's doc)."""
    return score


def read_set(path, limit):
    """The first `limit` positions of a set: (move string, BitBully board, exact score)."""
    cases = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        if len(cases) == limit:
            break
        fields = line.split()
        if len(fields) != 2:
            sys.exit(f"bitbully_peer: {path}:{n}: expected '<moves> <score>', got '{line}'")
        moves, score = fields[0], int(fields[1])
        board = bbc.BoardCore()
        # The files number the columns 1 to 7, BitBully 0 to 6.
        if not board.play("".join(str(int(c) - 1) for c in moves)):
            sys.exit(f"bitbully_peer: {path}:{n}: BitBully refuses the moves {moves}")
        cases.append((moves, board, score))
    return cases


def solve_pass(solver, solve, cases, label):
    """One pass over `cases`, every score checked: (seconds, nodes), summed."""
    seconds = 0.0
    nodes = 0
    clock = time.process_time
    for moves, board, score in cases:
        solver.resetTranspositionTable()
        solver.resetNodeCounter()
        t = clock()
        r = solve(board)
        seconds += clock() - t
        if to_pons(r) != score:
            sys.exit(f"bitbully_peer: MISMATCH in {label}: {moves} is {score} in the file, BitBully says {r}")
        nodes += solver.getNodeCounter()
    return seconds, nodes


def call_overhead():
    """Seconds one timed call into the extension costs when it does nothing (best of 5 x
    10,000 calls): part of every BitBully time below, not of ours."""
    solver = bbc.BitBullyCore()
    clock = time.process_time
    best = float("inf")
    for _ in range(5):
        total = 0.0
        for _ in range(10_000):
            t = clock()
            solver.getNodeCounter()
            total += clock() - t
        best = min(best, total / 10_000)
    return best


def fmt_time(secs):
    if secs < 1e-3:
        return f"{secs * 1e6:.2f} µs"
    if secs < 1.0:
        return f"{secs * 1e3:.2f} ms"
    return f"{secs:.3f} s"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("sets", nargs="+", metavar="SET[:COUNT]")
    p.add_argument("--data")
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--method", choices=["nullWindow", "mtdf"], default="nullWindow")
    p.add_argument("--empty", action="store_true")
    p.add_argument("--tsv", action="store_true")
    a = p.parse_args()
    data = data_dir(a.data)
    solver = bbc.BitBullyCore()
    if solver.isBookLoaded():
        sys.exit("bitbully_peer: BitBullyCore() came with an opening book")
    if a.method == "nullWindow":
        solve = solver.nullWindow
    else:
        def solve(board):
            return solver.mtdf(board, 0)

    # The collector would otherwise run at moments of its choosing inside timed passes.
    gc.disable()
    rows = []
    for spec in a.sets:
        name, _, count = spec.partition(":")
        limit = int(count) if count else None
        cases = read_set(data / name, limit)
        if not cases:
            sys.exit(f"bitbully_peer: {name}: no positions")
        label = f"{name} ({len(cases)})" if limit is not None and limit < 1000 else name
        _, nodes0 = solve_pass(solver, solve, cases, name)
        best = float("inf")
        for _ in range(max(a.reps, 1)):
            secs, nodes = solve_pass(solver, solve, cases, name)
            if nodes != nodes0:
                sys.exit(f"bitbully_peer: {name}: {nodes0} nodes in one pass, {nodes} in another")
            best = min(best, secs)
        n = len(cases)
        rows.append((name, label, n, sum(c[2] for c in cases), best / n, nodes0 / n))
    empty = None
    if a.empty:
        board = bbc.BoardCore()
        secs, nodes = solve_pass(solver, solve, [("(empty)", board, 1)], "the empty board")
        empty = (secs, nodes)
    overhead = call_overhead()

    if a.tsv:
        print(f"version\t{bitbully.__version__}")
        print(f"overhead\t{overhead:.9e}")
        for name, _, n, score_sum, secs, nodes in rows:
            print(f"set\t{name}\t{n}\t{score_sum}\t{secs:.9e}\t{nodes:.3f}")
        if empty:
            print(f"empty\t{empty[0]:.9e}\t{empty[1]}")
        return
    print(f"BitBully {bitbully.__version__} ({a.method}, no opening book, table cleared per position)")
    print(f"{'set':<18} {'time':>11} {'nodes':>12} {'checked':>8}")
    for _, label, n, _, secs, nodes in rows:
        print(f"{label:<18} {fmt_time(secs):>11} {nodes:>12.0f} {n:>8}")
    if empty:
        print(f"{'empty board':<18} {fmt_time(empty[0]):>11} {empty[1]:>12} {1:>8}")
    print(f"(mean per position, best of {max(a.reps, 1)} after a warm-up; each includes a Python call, {fmt_time(overhead)})")


if __name__ == "__main__":
    main()
