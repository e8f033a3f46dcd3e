#!/usr/bin/env bash
# Every corpus module, lowered to PTX for sm_80 and sm_90, must assemble
# with ptxas; a source whose inline PTX needs a newer target says so in a
# `// ptx-target: sm_NN` line (stmatrix: sm_90) and is assembled for that one
# and newer only. Usage: corpus-ptx.sh <ferry-translate> <ptxas> <corpus dir> <tmp>
set -euo pipefail
translate=$1 ptxas=$2 corpus=$3 tmp=$4
mkdir -p "$tmp"
for ll in "$corpus"/nolib/*.ll "$corpus"/libdevice/*.ll; do
  src="$corpus/src/$(basename "$ll" .ll).cu"
  min=$(sed -n 's|^// ptx-target: sm_\([0-9]*\).*|\1|p' "$src" 2>/dev/null | head -1)
  for sm in sm_80 sm_90; do
    [ -n "$min" ] && [ "${sm#sm_}" -lt "$min" ] && continue
    out="$tmp/$(basename "$(dirname "$ll")")-$(basename "$ll" .ll)-$sm.ptx"
    "$translate" "$ll" --emit=ptx --cuda-arch=$sm -o "$out"
    "$ptxas" -arch=$sm "$out" -o /dev/null || { echo "ptxas rejected $out" >&2; exit 1; }
  done
done
echo "corpus ptx ok"
