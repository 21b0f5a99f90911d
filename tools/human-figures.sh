#!/bin/sh
# Merges the finished shards of a `reversi-cli human analyse` folder into the repository's
# data/human-moves.bin and puts `reversi-cli human summary`'s tables into docs/human.md,
# between its "human summary" markers (docs/human.md, "How people lose discs").
# Usage: tools/human-figures.sh DIR [REVERSI_CLI]
#   DIR          the analysis folder (PLAN, MANIFEST, shard-*.bin); it may still be running:
#                only finished shards are merged.
#   REVERSI_CLI  default build/native/reversi-cli
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:?usage: tools/human-figures.sh DIR [REVERSI_CLI]}
cli=${2:-$root/build/native/reversi-cli}
doc="$root/docs/human.md"
"$cli" human status "$dir"
"$cli" human merge --dir "$dir" --out "$root/data/human-moves.bin"
tables=$(mktemp)
trap 'rm -f "$tables" "$doc.part"' EXIT
"$cli" human summary "$root/data/human-moves.bin" >"$tables"
grep -q '^<!-- human summary begin' "$doc" && grep -q '^<!-- human summary end' "$doc" \
  || { echo "tools/human-figures.sh: $doc has no human summary markers" >&2; exit 1; }
awk -v tables="$tables" '
  /^<!-- human summary begin/ { print; while ((getline line < tables) > 0) print line; skip = 1; next }
  /^<!-- human summary end/ { skip = 0 }
  !skip { print }' "$doc" >"$doc.part"
mv "$doc.part" "$doc"
echo "data/human-moves.bin and docs/human.md updated"
