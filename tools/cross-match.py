#!/usr/bin/env python3
"""A match between two builds of the engine at equal time per move.

`reversi-cli match` plays two players of one build. To measure what a whole
build gained (search, solver, evaluation and weights together) against an older
commit, each build serves its player with tools/pipe-player.cpp and this script
referees: the openings of data/openings-8.txt, each once with each colour, the
same time budget for every move of both, one move thought at a time.  It knows
no rules: it asks player A's process whose turn it is and when the game ends.

Building an old commit's pipe-player (the file needs only engine/player.h):
    git worktree add /tmp/old COMMIT && cp tools/pipe-player.cpp /tmp/old/tools/
    # in /tmp/old/CMakeLists.txt, after reversi-cli's target_link_libraries:
    #   add_executable(pipe-player tools/pipe-player.cpp)
    #   target_link_libraries(pipe-player PRIVATE reversi_engine)
    cmake -S /tmp/old -B /tmp/old/build -G Ninja -DCMAKE_BUILD_TYPE=Release \
          -DREVERSI_BUILD_TESTS=OFF -DREVERSI_BUILD_GAME=OFF
    ninja -C /tmp/old/build pipe-player

Usage:
    tools/cross-match.py --time MS [--pairs N] [--skip K] [--openings FILE]
                         "CMD_A" "CMD_B"
e.g. tools/cross-match.py --time 100 --pairs 50 \\
        "build/native/pipe-player level-12+nobook+threads=1" \\
        "/tmp/old/build/pipe-player level-12+threads=1"

Prints one line a game in `reversi-cli match --verbose`'s form (so that
tools/pool-matches.py pools split runs) and, at the end, A's score with its 95%
interval and the mean time each side actually used per move.
"""
import argparse, importlib.util, os, re, shlex, subprocess, sys, time

# The score, interval and Elo as `reversi-cli match` and tools/pool-matches.py compute them.
_spec = importlib.util.spec_from_file_location(
    "pool_matches", os.path.join(os.path.dirname(os.path.abspath(__file__)), "pool-matches.py"))
pool_matches = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pool_matches)


class Engine:
    def __init__(self, cmd):
        self.proc = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.cmd = cmd

    def ask(self, line, pattern):
        """Sends one request; the answer, which must match `pattern`, split into words."""
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
            reply = self.proc.stdout.readline().strip()
        except BrokenPipeError:
            reply = "(nothing: it has stopped)"
        if not re.fullmatch(pattern, reply):
            sys.exit(f"cross-match: '{self.cmd}' answered '{reply}' to '{line}'")
        return reply.split()

    def close(self):
        try:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        self.proc.wait()


def play(a, b, a_is_black, opening, ms, used):
    """One game; returns (A's disc difference, transcript)."""
    moves = opening  # a transcript: the engines parse it
    while True:
        state = a.ask("state " + (moves or "-"), r"black|white|over \d+ \d+")
        if state[0] == "over":
            diff = int(state[1]) - int(state[2])
            return (diff if a_is_black else -diff), moves
        a_moves = (state[0] == "black") == a_is_black
        engine = a if a_moves else b
        reply = engine.ask(f"go {ms} " + (moves or "-"), r"move [a-h][1-8] [0-9.]+ \d+( .*)?")
        moves += reply[1]
        side = used["a" if a_moves else "b"]
        side[0] += float(reply[2])
        side[1] += 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--time", type=float, required=True, help="ms per move, both sides")
    ap.add_argument("--pairs", type=int, default=100)
    ap.add_argument("--skip", type=int, default=0)
    ap.add_argument("--openings", default="data/openings-8.txt")
    ap.add_argument("cmd_a")
    ap.add_argument("cmd_b")
    args = ap.parse_args()

    openings = []
    for line in open(args.openings):
        # as reversi-cli's parse_opening_line (src/lab/arena.h): a comment after '%'
        line = line.split("%", 1)[0].strip()
        if line and line[0] != "#":
            openings.append(line)
    a, b = Engine(args.cmd_a), Engine(args.cmd_b)
    used = {"a": [0.0, 0], "b": [0.0, 0]}
    lines = []
    start = time.time()
    for i in range(args.skip, args.skip + args.pairs):
        opening = openings[i % len(openings)]
        for colour, a_is_black in (("a", True), ("b", False)):
            diff, transcript = play(a, b, a_is_black, opening, args.time, used)
            lines.append(f"{i + 1}{colour} {transcript} {diff:+d}")
            print(lines[-1], flush=True)
    a.close()
    b.close()
    print("A: " + pool_matches.summary(lines))
    print(f"time used per move: A {used['a'][0] / max(1, used['a'][1]):.1f} ms "
          f"({used['a'][1]} moves), B {used['b'][0] / max(1, used['b'][1]):.1f} ms "
          f"({used['b'][1]} moves); {time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
