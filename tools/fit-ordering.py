#!/usr/bin/env python3
"""Fits the weights of the midgame search's move ordering (engine/search.h,
OrderingWeights: opponent mobility, its corner replies, its potential mobility,
corners, edge-stable discs) to the fewest nodes to a depth on the search's suite.

Node counts are exact and repeatable (one thread, cleared table), so the fit
needs no timing: coordinate search, each round trying every weight times 1/step
and times step in one `reversi-cli bench --suite --compare` run, moving to the
best if it saves nodes, else halving the step's excess.

Usage: tools/fit-ordering.py REVERSI_CLI [--depth 11] [--first 1] [--limit 100]
                             [--rounds 6] [--start 96:96:24:300:40]
Prints each round's best and the final weights as a `w=...` variant name
(bench --compare accepts it; validate on other positions: --first 151).
"""
import argparse, re, subprocess, sys

ap = argparse.ArgumentParser()
ap.add_argument("cli")
ap.add_argument("--suite", default="data/search-suite.obf")
ap.add_argument("--depth", type=int, default=11)
ap.add_argument("--first", type=int, default=1)
ap.add_argument("--limit", type=int, default=100)
ap.add_argument("--rounds", type=int, default=6)
ap.add_argument("--start", default="96:96:24:300:40")
ap.add_argument("--extra", default="", help="appended to every variant, e.g. +history200")
a = ap.parse_args()

def name(w):
    return "w=" + ":".join(str(x) for x in w) + a.extra

def nodes_of(variants):
    out = subprocess.run([a.cli, "bench", "--suite", a.suite, "--depth", str(a.depth), "--first", str(a.first),
                          "--limit", str(a.limit), "--no-stats", "--compare", ",".join(variants)],
                         capture_output=True, text=True, check=True).stdout
    table = out[out.index("variant"):]
    res = {}
    for line in table.splitlines()[1:]:
        parts = line.split()
        if len(parts) >= 2: res[parts[0]] = int(parts[1])
    return res

w = [int(x) for x in a.start.split(":")]
step = 1.6
best_nodes = None
for r in range(a.rounds):
    cands = [w]
    for i in range(len(w)):
        for f in (1 / step, step):
            c = list(w)
            c[i] = max(0, round(w[i] * f))
            if c != w and c not in cands: cands.append(c)
    res = nodes_of([name(c) for c in cands])
    scored = sorted(cands, key=lambda c: res[name(c)])
    base = res[name(w)]
    top = scored[0]
    print(f"round {r + 1} step {step:.2f}: {name(w)} {base} nodes; best {name(top)} {res[name(top)]} "
          f"(x{res[name(top)] / base:.4f})", flush=True)
    if res[name(top)] < base:
        w = top
    else:
        step = 1 + (step - 1) / 2
    best_nodes = min(base, res[name(top)])
print(f"fitted: {name(w)} ({best_nodes} nodes to depth {a.depth}, positions {a.first}-{a.first + a.limit - 1})")
