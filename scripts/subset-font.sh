#!/usr/bin/env bash
# Regenerates assets/fonts/JaGothicSubset.ttf, the Japanese font the game draws
# its Japanese texts with (src/ui/font.cpp falls back to it for the characters
# DejaVu Sans lacks): IPAGothic (Debian's fonts-ipafont-gothic, a TrueType font)
# cut down to the characters of the catalog's texts the C++ side draws (every key
# of assets/i18n/ja.json but the web page's "page." ones, which the browser draws
# with its own fonts), plus printable ASCII and a little punctuation.
#
# Run by hand after changing ja.json (the build does not: the subset is checked
# in; tests/ui/test_font.cpp fails, naming the characters, when it lacks one):
#   bash scripts/subset-font.sh [path/to/ipag.ttf]
#
# The IPA Font License (assets/fonts/LICENSE-IPA-Font.txt) allows derived fonts
# under three conditions this script keeps: another font and file name (not
# "IPA..."), the same licence, and a way back to the original (README-fonts.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source_font=${1:-/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf}
out=$root/assets/fonts/JaGothicSubset.ttf

if [[ ! -f $source_font ]]; then
  echo "subset-font: $source_font not found: apt-get install -y fonts-ipafont-gothic python3-fonttools" >&2
  exit 1
fi
# fontTools from Debian's python3-fonttools (the system python), or any python3 that has it.
python=
for candidate in python3 /usr/bin/python3; do
  if "$candidate" -c 'import fontTools' 2>/dev/null; then python=$candidate; break; fi
done
if [[ -z $python ]]; then
  echo "subset-font: no python3 with fontTools: apt-get install -y python3-fonttools" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The characters: the texts of ja.json but the page's, ASCII, and punctuation.
"$python" - "$root/assets/i18n/ja.json" "$work/chars.txt" "$root/data/opening-names.txt" <<'PY'
import json, sys
catalog = json.load(open(sys.argv[1], encoding="utf-8"))
chars = set("".join(text for key, text in catalog.items() if not key.startswith("page.")))
# The openings' names (the desktop panel shows them): every field of data/opening-names.txt.
for line in open(sys.argv[3], encoding="utf-8"):
    if line.strip() and not line.startswith("#"):
        chars |= set("".join(line.rstrip("\n").split("\t")[1:]))
chars |= {chr(c) for c in range(0x20, 0x7F)}
chars |= set("\u2013\u2014\u2026\u00b7\u2022\u3001\u3002\u30fb\uff08\uff09\uff1a\uff0b\u300c\u300d")
open(sys.argv[2], "w", encoding="utf-8").write("".join(sorted(chars)))
print(f"subset-font: {len(chars)} characters", file=sys.stderr)
PY

# Outlines only: stb_truetype neither hints nor shapes, so hinting, layout
# tables and vertical metrics would only add bytes.
"$python" -m fontTools.subset "$source_font" --text-file="$work/chars.txt" --output-file="$work/subset.ttf" \
  --no-hinting --layout-features= --drop-tables+=vhea,vmtx,GDEF,GSUB,GPOS --name-IDs='*' --name-languages='*'

# A name of its own (the licence forbids "IPA" in a derived font's names); the
# copyright and licence entries stay.
"$python" - "$work/subset.ttf" "$out" <<'PY'
import sys
from fontTools.ttLib import TTFont
font = TTFont(sys.argv[1])
names = {1: "Reversi JA Gothic Subset", 3: "Reversi JA Gothic Subset 003.03", 4: "Reversi JA Gothic Subset",
         6: "ReversiJAGothicSubset",
         10: "A subset of IPAGothic 003.03 (Information-technology Promotion Agency, Japan) for the "
             "Reversi game's texts, made by scripts/subset-font.sh; under the IPA Font License v1.0."}
table = font["name"]
table.names = [n for n in table.names if n.nameID not in names and n.nameID not in (16, 17, 18, 21, 22)]
for name_id, text in names.items():
    table.setName(text, name_id, 3, 1, 0x409)
font.save(sys.argv[2])
PY
echo "subset-font: wrote ${out#"$root"/} ($(wc -c <"$out") bytes)" >&2
