#!/usr/bin/env python3
"""The human players' ladder (docs/human.md, "The ladder"): each other player's rating on the
people's scale from its games against human players, a human-R counted at its rating R.

Reads outputs of `reversi-cli match --verbose A B` (the per-game lines "N[ab] TRANSCRIPT +D",
D A's disc difference, and the last line "A vs B: ..."), where one of A and B is a human-R.
For each other player X: the rating r that makes X's points against the human players
equal to the Elo expectation, sum over its matches of n_i / (1 + 10^((R_i - r) / 400)) (the
maximum likelihood of the logistic model, draws half a point); its 95% interval from the
variance of the per-pair points (each opening played once with each colour, as `match`
computes its own interval), by the delta method. Matches between two human players print
their score against the Elo expectation of their ratings.
Usage: tools/human-ladder.py OUT1 [OUT2 ...]"""
import math
import re
import sys


def read(path):
    """(A, B, list of pairs' points for A out of 2) from one match output."""
    pairs, names = {}, None
    for line in open(path):
        m = re.match(r'^(\d+)([ab]) \S+ ([+-]\d+)$', line.strip())
        if m:
            d = int(m.group(3))
            pairs.setdefault(int(m.group(1)), []).append(1.0 if d > 0 else 0.5 if d == 0 else 0.0)
            continue
        m = re.match(r'^(\S+) vs (\S+): ', line)
        if m:
            names = (m.group(1), m.group(2))
    if not names:
        sys.exit(f"{path}: no 'A vs B:' line (an unfinished match?)")
    return names[0], names[1], [sum(v) for v in pairs.values() if len(v) == 2]


def human_rating(name):
    m = re.match(r'^human-(\d+)$', name)
    return int(m.group(1)) if m else None


def expected(r, opponent):
    return 1 / (1 + 10 ** ((opponent - r) / 400))


def main(paths):
    against = {}  # X -> list of (R, pair points of X)
    for path in paths:
        a, b, points = read(path)
        ra, rb = human_rating(a), human_rating(b)
        if ra is not None and rb is not None:
            n = len(points)
            s = sum(points) / (2 * n)
            var = sum((p / 2 - s) ** 2 for p in points) / max(1, n - 1)
            se = math.sqrt(var / n)
            print(f"{a} vs {b}: {2 * n} games, score {100 * s:.1f}% [95%: {100 * max(0, s - 1.96 * se):.1f}, "
                  f"{100 * min(1, s + 1.96 * se):.1f}], Elo's expectation {100 * expected(ra, rb):.1f}%")
        elif ra is not None or rb is not None:
            x, r, pts = (b, ra, [2 - p for p in points]) if ra is not None else (a, rb, points)
            against.setdefault(x, []).append((r, pts))
    print("| player | rating | 95% interval | games | against |")
    print("|---|---:|---|---:|---|")
    for x in sorted(against, key=lambda name: (len(name), name)):
        matches = against[x]
        won = sum(sum(p) for _, p in matches)
        games = sum(2 * len(p) for _, p in matches)
        if won == 0 or won == games:
            print(f"| {x} | - | (scored {100 * won / games:.0f}%: no rating) | {games} | |")
            continue
        r = 2000.0
        for _ in range(100):  # Newton's method on the points' equation
            f = sum(sum(p) - 2 * len(p) * expected(r, R) for R, p in matches)
            df = sum(2 * len(p) * expected(r, R) * (1 - expected(r, R)) * math.log(10) / 400 for R, p in matches)
            step = f / df
            r += max(-400, min(400, step))
            if abs(step) < 1e-6:
                break
        var_points = 0.0
        for _, p in matches:
            n = len(p)
            mean = sum(p) / n
            var_points += n * sum((q - mean) ** 2 for q in p) / max(1, n - 1)
        df = sum(2 * len(p) * expected(r, R) * (1 - expected(r, R)) * math.log(10) / 400 for R, p in matches)
        se = math.sqrt(var_points) / df
        names = ", ".join(f"human-{R} {100 * sum(p) / (2 * len(p)):.1f}% of {2 * len(p)}" for R, p in matches)
        print(f"| {x} | {r:.0f} | {r - 1.96 * se:.0f}-{r + 1.96 * se:.0f} | {games} | {names} |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
