#!/usr/bin/env python3
"""Print the table of docs/difficulty.md's "Effort per level, beside Net":
the median effort (`lightemall solve --json`'s `effort`) of each level of
our generator beside Net's own puzzles, at 10x10, 20x20 and 30x30, wrapping
or not, all measured in one run.

Usage: scripts/effort-table.py [--lightemall PATH] [--net PATH]
       [--generators NAME,NAME] [--count N]
(defaults: target/release/lightemall, /usr/games/sgt-net, graded,ladder,
10). A seed that reaches no band is left out and counted in the cell.
Build first with `cargo build --release -p lightemall`.
"""

import argparse
import json
import statistics
import subprocess

SIZES = [10, 20, 30]
LEVELS = {"graded": ["easy", "medium", "hard"]}
ALL_LEVELS = ["easy", "medium", "hard", "expert"]


def effort(lightemall, puzzle):
    """The puzzle's effort, or None if it cannot be generated."""
    run = subprocess.run(
        [lightemall, "solve", puzzle, "--json"],
        capture_output=True, text=True,
    )
    if run.returncode != 0:
        return None
    return json.loads(run.stdout)["effort"]


def spread(values):
    missed = values.count(None)
    values = sorted(v for v in values if v is not None)
    if not values:
        return f"none ({missed} missed)"
    note = f", {missed} missed" if missed else ""
    tenth = values[len(values) // 10]
    ninetieth = values[min(len(values) - 1, len(values) * 9 // 10)]
    return f"{statistics.median(values):g} ({tenth}-{ninetieth}{note})"


def net_ids(net, size, wrap, count):
    label = f"{size}x{size}{'w' if wrap else ''}"
    out = subprocess.run(
        [net, "--generate", str(count), f"{label}#effort-table"],
        check=True, capture_output=True, text=True,
    ).stdout
    return out.split()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lightemall", default="target/release/lightemall")
    parser.add_argument("--net", default="/usr/games/sgt-net")
    parser.add_argument("--generators", default="graded,ladder")
    parser.add_argument("--count", type=int, default=10)
    args = parser.parse_args()
    columns = [(size, wrap) for size in SIZES for wrap in (False, True)]
    header = [f"{s}x{s}{'w' if w else ''}" for s, w in columns]
    print("| puzzles | " + " | ".join(header) + " |")
    print("|---|" + "---|" * len(columns))
    rows = [(g, level) for g in args.generators.split(",")
            for level in LEVELS.get(g, ALL_LEVELS)]
    for generator, level in rows:
        name = f"{generator} {level}"
        cells = []
        for size, wrap in columns:
            label = f"{size}x{size}{'w' if wrap else ''}"
            ids = [f"square:{label}:{generator}:{level}#{seed}"
                   for seed in range(1, args.count + 1)]
            cells.append(spread([effort(args.lightemall, i) for i in ids]))
        print(f"| {name} | " + " | ".join(cells) + " |")
    cells = []
    for size, wrap in columns:
        ids = net_ids(args.net, size, wrap, args.count)
        cells.append(spread([effort(args.lightemall, i) for i in ids]))
    print("| Net | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
