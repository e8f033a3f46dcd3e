#!/usr/bin/env bash
# First-run cost on NVIDIA (issue: the driver JIT-compiles Ferry's PTX at a
# program's first launch). Runs each program given (Ferry-built, silent on
# success) three ways, each with a fresh Ferry cache directory and a fresh
# driver JIT cache (CUDA_CACHE_PATH):
#   native: the cubins the plugin embeds (ptxas at compile time), as shipped
#   ptx   : FERRY_PTX_JIT=1, the PTX JIT-compiled by the driver (first run)
#   cached: FERRY_PTX_JIT=1 again, with what the first run left: a lone
#           image's code in the driver's JIT cache, a linked image set's
#           cubin in Ferry's (FERRY_CACHE_DIR/cuda)
# and prints the wall times and the ratios ptx/native and cached/native.
# usage: bench/first-run.sh PROGRAM...
set -uo pipefail
now() { date +%s.%N; }
printf "%-28s %9s %9s %9s %10s %11s\n" program native_s ptx_s cached_s ptx/native cached/native
status=0
for prog in "$@"; do
  dir=$(mktemp -d)
  run() { local t0 t1; t0=$(now); env CUDA_CACHE_DISABLE=0 "$@" > /dev/null 2>&1 || status=1; t1=$(now)
          awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'; }
  native=$(run FERRY_CACHE_DIR="$dir/native" CUDA_CACHE_PATH="$dir/native-driver" "$prog")
  ptx=$(run FERRY_CACHE_DIR="$dir/ptx" CUDA_CACHE_PATH="$dir/ptx-driver" FERRY_PTX_JIT=1 "$prog")
  cached=$(run FERRY_CACHE_DIR="$dir/ptx" CUDA_CACHE_PATH="$dir/ptx-driver" FERRY_PTX_JIT=1 "$prog")
  awk -v p="$(basename "$prog")" -v n="$native" -v x="$ptx" -v c="$cached" \
    'BEGIN { printf "%-28s %9.3f %9.3f %9.3f %10.2f %11.2f\n", p, n, x, c, x / n, c / n }'
  rm -rf "$dir"
done
exit $status
