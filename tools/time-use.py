#!/usr/bin/env python3
"""How a player spends a fixed time a move, by empties: for the positions of the first N games
of a match output (tools/cross-match.py's or `reversi-cli match --verbose`'s lines "N[ab]
TRANSCRIPT +D"), asks a pipe-player (tools/pipe-player.cpp) for a move at MS ms and prints, per
number of empties from --most to --least, the median and mean time it used, the depths it
reached and how the move was found (exact, probable: the solver's selective pass, search: the
midgame search, book). Times are the machine's: run it on a quiet one.

Usage: tools/time-use.py "PIPE-PLAYER PLAYER" MATCH-OUTPUT [--time MS] [--games N] [--most E] [--least E]
  e.g. tools/time-use.py "build/native/pipe-player level-12+nobook+threads=1" match.txt --games 20"""
import argparse, collections, re, statistics, subprocess


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("player")
    ap.add_argument("games_file")
    ap.add_argument("--time", type=float, default=100)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--most", type=int, default=50)
    ap.add_argument("--least", type=int, default=14)
    args = ap.parse_args()
    proc = subprocess.Popen(args.player.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        return proc.stdout.readline().split()

    games = [m.group(1) for m in (re.match(r"^\d+[ab] (\S+) [+-]\d+$", l.strip()) for l in open(args.games_file)) if m]
    used, depth, how = (collections.defaultdict(list) for _ in range(3))
    for game in games[: args.games]:
        moves = [game[i:i + 2] for i in range(0, len(game), 2)]
        for k in range(len(moves)):
            prefix = "".join(moves[:k]) or "-"
            state = ask("state " + prefix)
            if state[0] not in ("black", "white"):
                break
            reply = ask(f"go {args.time:g} {prefix}")
            if not reply or reply[0] != "move":
                continue
            # The empties: 60 less the moves played (the transcript holds no passes).
            e = 60 - k
            if not args.least <= e <= args.most:
                continue
            used[e].append(float(reply[2]))
            depth[e].append(int(reply[4]))
            how[e].append(reply[5])
    ask("quit")
    print(f"{args.player} at {args.time:g} ms a move, {min(args.games, len(games))} games")
    print("empties  moves  median ms  mean ms  depths (most common)        how")
    for e in sorted(used, reverse=True):
        d = ", ".join(f"{k}: {v}" for k, v in collections.Counter(depth[e]).most_common(3))
        h = ", ".join(f"{k} {v}" for k, v in collections.Counter(how[e]).most_common())
        print(f"{e:7d} {len(used[e]):6d} {statistics.median(used[e]):10.1f} {statistics.mean(used[e]):8.1f}  {d:26s}  {h}")


if __name__ == "__main__":
    main()
