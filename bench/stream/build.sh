#!/usr/bin/env bash
# Builds both STREAM versions into OUT (default build/bench/stream) with
# run.sh, which runs them side by side on the GPU machine and prints the
# Ferry/CUDA bandwidth ratio per kernel. Called by scripts/h100.sh prepare.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${FERRY_BUILD_DIR:-$root/build}
out=${1:-$build/bench/stream}
mkdir -p "$out"
"$build/bin/ferry-clang++" -O2 "$here/stream_ferry.cpp" -o "$out/stream_ferry" \
    '-Wl,-rpath,$ORIGIN/../lib'
nvcc=${CUDA_PATH:-/usr/local/cuda}/bin/nvcc
"$nvcc" -O3 -arch=sm_90 -std=c++17 "$here/stream_cuda.cu" -o "$out/stream_cuda"
cp "$here/run.sh" "$out/run.sh"
