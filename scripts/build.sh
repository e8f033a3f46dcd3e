#!/usr/bin/env bash
# Configures (once) and builds Ferry into ./build (or $FERRY_BUILD_DIR) with
# clang++-19 and Ninja. Quiet unless something fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRY_BUILD_DIR:-$root/build}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=/usr/lib/llvm-19/bin/clang \
    -DCMAKE_CXX_COMPILER=/usr/lib/llvm-19/bin/clang++ >"$log" 2>&1 ||
    { cat "$log" >&2; echo "build.sh: configure failed" >&2; exit 1; }
fi
cmake --build "$build" >"$log" 2>&1 ||
  { cat "$log" >&2; echo "build.sh: build failed" >&2; exit 1; }
