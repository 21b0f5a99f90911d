#!/usr/bin/env python3
"""Pools the per-game lines of `reversi-cli match --verbose` outputs (e.g. one match split
across processes with --skip; tools/cross-match.py prints the same lines) and prints the
joint score, 95% interval from the per-pair variance and Elo, as `match` computes them.
Usage: tools/pool-matches.py OUT1 [OUT2 ...]"""
import sys, math, re


def summary(lines):
    """A's score over the games in `lines` ("N[ab] TRANSCRIPT +D", D A's disc difference)."""
    pairs = {}
    for line in lines:
        m = re.match(r'^(\d+)([ab]) \S+ ([+-]\d+)$', line.strip())
        if not m: continue
        d = int(m.group(3)); pts = 1.0 if d > 0 else 0.5 if d == 0 else 0.0
        pairs.setdefault(int(m.group(1)), []).append((pts, d))
    ps = [sum(p for p, _ in v) for v in pairs.values() if len(v) == 2]
    n = len(ps)
    if n == 0: return "no complete pairs"
    mean = sum(p / 2 for p in ps) / n
    var = sum((p / 2 - mean) ** 2 for p in ps) / max(1, n - 1); se = math.sqrt(var / n)
    lo, hi = max(0, mean - 1.96 * se), min(1, mean + 1.96 * se)
    elo = lambda s: -400 * math.log10(1 / s - 1) if 0 < s < 1 else float('inf') * (1 if s >= 1 else -1)
    games = [x for v in pairs.values() if len(v) == 2 for x in v]
    w = sum(1 for p, _ in games if p == 1); dr = sum(1 for p, _ in games if p == 0.5); l = len(games) - w - dr
    return (f"{len(games)} games ({n} pairs): {w}-{dr}-{l}, score {100*mean:.1f}% [95%: {100*lo:.1f}, {100*hi:.1f}], "
            f"Elo {elo(mean):+.0f} [{elo(lo):+.0f}, {elo(hi):+.0f}], mean disc diff {sum(d for _, d in games)/len(games):+.2f}")


if __name__ == "__main__":
    print(summary(line for f in sys.argv[1:] for line in open(f)))
