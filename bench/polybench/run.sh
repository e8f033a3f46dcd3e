#!/usr/bin/env bash
# On the GPU machine, in the folder build.sh filled: runs each benchmark's
# OpenACC version (compiled by Ferry, ACC_DEVICE_TYPE=nvidia) and its CUDA
# twin, each under a time limit, and prints their best times and the speed
# of Ferry relative to CUDA (CUDA time / Ferry time: 1.0 is as fast as
# CUDA), then the geometric mean of that column. A failed check, a crash, a
# time-out or a missing program marks the row FAIL; the script still runs
# the others and exits non-zero at the end.
#   ./run.sh [name...]        (default: all 16; PB_TIMEOUT=seconds, 120)
set -uo pipefail
cd "$(dirname "$0")"
limit=${PB_TIMEOUT:-120}
names=(gemm 2mm syrk syr2k atax bicg mvt gesummv covariance doitgen jacobi-2d fdtd-2d seidel-2d lu
       gramschmidt adi)
[ $# -gt 0 ] && names=("$@")

failed=0
notes=()
ratios=()

# measure NAME PROGRAM: sets `result` to the program's best time in seconds,
# or to a word saying why there is none (and adds a note).
measure() {
  local name=$1 prog=$2 rc line
  if [ ! -x "./$prog" ]; then
    notes+=("$prog: not built")
    result=missing
    return
  fi
  ACC_DEVICE_TYPE=nvidia timeout "$limit" "./$prog" >"$prog.out" 2>"$prog.err"
  rc=$?
  line=$(cat "$prog.out")
  if [ $rc -eq 124 ]; then
    notes+=("$prog: no result within ${limit} s")
    result=TIMEOUT
  elif [ $rc -ne 0 ]; then
    notes+=("$prog: exit status $rc: $(tail -n 3 "$prog.err" | tr '\n' ' ')")
    if [ $rc -gt 128 ]; then result=CRASH; else result=FAIL; fi
  elif [[ $line =~ ^$name\ ([0-9.eE+-]+)$ ]]; then
    result=${BASH_REMATCH[1]}
  else
    notes+=("$prog: unexpected output: $(head -c 200 "$prog.out" | tr '\n' ' ')")
    result=FAIL
  fi
}

isnum() { [[ $1 =~ ^[0-9.eE+-]+$ ]]; }

printf '%-12s %12s %12s %12s\n' benchmark "Ferry ms" "CUDA ms" "CUDA/Ferry"
for name in "${names[@]}"; do
  measure "$name" "${name}_acc"
  ferry=$result
  measure "$name" "${name}_cuda"
  cuda=$result
  if isnum "$ferry" && isnum "$cuda"; then
    ratio=$(awk -v f="$ferry" -v c="$cuda" 'BEGIN { printf "%.3f", c / f }')
    ratios+=("$ratio")
    awk -v n="$name" -v f="$ferry" -v c="$cuda" -v r="$ratio" \
        'BEGIN { printf "%-12s %12.3f %12.3f %12s\n", n, f * 1e3, c * 1e3, r }'
  else
    failed=1
    isnum "$ferry" && ferry=$(awk -v f="$ferry" 'BEGIN { printf "%.3f", f * 1e3 }')
    isnum "$cuda" && cuda=$(awk -v c="$cuda" 'BEGIN { printf "%.3f", c * 1e3 }')
    printf '%-12s %12s %12s %12s\n' "$name" "$ferry" "$cuda" FAIL
  fi
done
if [ ${#ratios[@]} -gt 0 ]; then
  printf '%s\n' "${ratios[@]}" |
    awk '{ s += log($1); n++ } END { printf "%-12s %12s %12s %12.3f   (%d of '"${#names[@]}"')\n", "geomean", "", "", exp(s / n), n }'
fi
for note in "${notes[@]}"; do
  echo "$note"
done
exit $failed
