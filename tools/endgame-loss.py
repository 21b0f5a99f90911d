#!/usr/bin/env python3
"""What a player's moves cost near the end of the game at a fixed time a move, against perfect
play: for positions at --empties of the games in match outputs (tools/cross-match.py's or
`reversi-cli match --verbose`'s lines "N[ab] TRANSCRIPT +D"), asks each pipe-player
(tools/pipe-player.cpp) for a move at MS ms, solves the position and every chosen move's
position exactly (`reversi-cli solve`), and prints per player and empties the mean discs lost
and the outcomes lost (a win played to a draw or a loss, a draw to a loss). Far less noisy than
games for comparing endgame strategies: the same positions for every player, exact values.

The core replays the transcripts (`reversi-cli analyze GAME --time 1` gives the board): no rule
is written here. Positions are picked by --seed from the games in file order, those whose side
to move has two legal moves or more. Times are the machine's: run it on a quiet one.

Usage: tools/endgame-loss.py MATCH-OUTPUT... --player "PIPE-PLAYER PLAYER" [--player ...]
           [--time MS] [--empties 24,25,26] [--positions N] [--seed S] [--cli PATH] [--jobs J]
           [--cache FILE]
  e.g. tools/endgame-loss.py match.txt --player "build/native/pipe-player level-12+nobook+threads=1" \\
           --player "build/native/pipe-player level-12+nobook+threads=1+endgame=22" --time 500"""
import argparse, collections, concurrent.futures, json, os, random, re, subprocess, sys, tempfile


def board_of(cli, transcript):
    """(board string with side, its legal moves) of the position after a transcript."""
    out = subprocess.run([cli, "analyze", transcript, "--time", "1"], capture_output=True, text=True)
    lines = out.stdout.splitlines()
    if out.returncode != 0 or not lines or not lines[0].startswith("board "):
        raise SystemExit(f"endgame-loss: cannot read the position after {transcript}: {out.stderr.strip()}")
    words = lines[0].split()
    moves = [l.split()[0] for l in lines[2:] if l.strip()]
    return f"{words[1]} {words[2]}", [m for m in moves if m != "pass"]


def solve(cli, boards, jobs):
    """Exact score, for the side to move, of each board string ("64 squares side")."""
    chunks = [boards[i::jobs] for i in range(jobs)]
    procs = []
    for chunk in chunks:
        if not chunk:
            continue
        f = tempfile.NamedTemporaryFile("w", suffix=".obf", delete=False)
        f.write("".join(f"{b};\n" for b in chunk))
        f.close()
        procs.append((chunk, f.name, subprocess.Popen([cli, "solve", f.name], stdout=subprocess.PIPE, text=True)))
    scores = {}
    for chunk, name, proc in procs:
        out, _ = proc.communicate()
        os.unlink(name)
        # "#N ... empties best score ...": the score is the first signed number after the move.
        rows = [l for l in out.splitlines() if re.match(r"^\s*#?\d+\b", l)]
        values = []
        for row in rows:
            m = re.search(r"\b([a-h][1-8]|pass|PASS|--)\s+([+-]?\d+)\b", row)
            if m:
                values.append(int(m.group(2)))
        if len(values) != len(chunk):
            raise SystemExit(f"endgame-loss: solve gave {len(values)} scores for {len(chunk)} positions:\n{out}")
        scores.update(zip(chunk, values))
    return scores


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="+")
    ap.add_argument("--player", action="append", required=True)
    ap.add_argument("--time", type=float, default=500)
    ap.add_argument("--empties", default="24,25,26")
    ap.add_argument("--positions", type=int, default=30, help="per number of empties")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cli", default="build/native/reversi-cli")
    ap.add_argument("--jobs", type=int, default=1, help="players asked at a time, solver processes")
    ap.add_argument("--cache", help="a JSON file of exact scores by board, read and extended")
    args = ap.parse_args()

    games = []
    for path in args.games:
        for line in open(path):
            m = re.match(r"^\d+[ab] (\S+) [+-]\d+$", line.strip())
            if m:
                games.append(m.group(1))
    rng = random.Random(args.seed)
    positions = []  # (empties, transcript, board, legal moves)
    for e in [int(x) for x in args.empties.split(",")]:
        order = list(range(len(games)))
        rng.shuffle(order)
        picked = 0
        for g in order:
            if picked == args.positions:
                break
            prefix = games[g][: 2 * (60 - e)]
            if len(prefix) < 2 * (60 - e):
                continue
            board, moves = board_of(args.cli, prefix)
            if len(moves) < 2:
                continue
            positions.append((e, prefix, board, moves))
            picked += 1

    chosen = {}  # (player index, position index) -> move

    def ask(pi):
        player = args.player[pi]
        proc = subprocess.Popen(player.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        for i, (e, prefix, board, moves) in enumerate(positions):
            proc.stdin.write(f"go {args.time:g} {prefix}\n")
            proc.stdin.flush()
            reply = proc.stdout.readline().split()
            if not reply or reply[0] != "move" or reply[1] not in moves:
                raise SystemExit(f"endgame-loss: {player} answered {reply} at {prefix}")
            chosen[pi, i] = reply[1]
        proc.stdin.write("quit\n")
        proc.stdin.flush()
        proc.wait()
        print(f"asked {player}", file=sys.stderr)

    # --jobs players at a time (each answers on one thread).
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        list(pool.map(ask, range(len(args.player))))

    # Exact values: each position, and each chosen move's position.
    child_board = {}
    for (pi, i), mv in chosen.items():
        key = (i, mv)
        if key not in child_board:
            child_board[key] = board_of(args.cli, positions[i][1] + mv)[0]
    score = json.load(open(args.cache)) if args.cache and os.path.exists(args.cache) else {}
    boards = sorted(({p[2] for p in positions} | set(child_board.values())) - set(score))
    print(f"solving {len(boards)} positions", file=sys.stderr)
    score.update(solve(args.cli, boards, args.jobs))
    if args.cache:
        json.dump(score, open(args.cache, "w"))

    def outcome(v):
        return (v > 0) - (v < 0)

    print(f"{len(positions)} positions, {args.time:g} ms a move; discs lost (mean) and outcomes lost (count) against perfect play")
    empties = sorted({p[0] for p in positions}, reverse=True)
    print("player".ljust(60) + "".join(f"{e:>14d}" for e in empties) + "           all")
    for pi, player in enumerate(args.player):
        loss, lost = collections.defaultdict(list), collections.Counter()
        for i, (e, prefix, board, moves) in enumerate(positions):
            best = score[board]
            child = child_board[i, chosen[pi, i]]
            # The chosen move's value for the side to move: the child's score is for its side.
            v = score[child] if child.split()[1] == board.split()[1] else -score[child]
            loss[e].append(best - v)
            loss["all"].append(best - v)
            if outcome(v) < outcome(best):
                lost[e] += 1
                lost["all"] += 1
        cells = [f"{sum(loss[e]) / len(loss[e]):6.2f} {lost[e]:3d}/{len(loss[e]):<3d}" for e in empties + ["all"]]
        print(player.split()[-1][-60:].ljust(60) + "".join(f"{c:>14s}" for c in cells))


if __name__ == "__main__":
    main()
