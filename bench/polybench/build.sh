#!/usr/bin/env bash
# Builds the PolyBench-style pairs into OUT (default build/bench/polybench):
# every <name>_acc.cpp with ferry-clang++ and every <name>_cuda.cu with nvcc
# (skipped with a message when nvcc is missing), plus run.sh, which runs
# them side by side on the GPU machine. OUT's ../lib is where the programs
# look for libferry-rt (as in .devbin/), besides the build tree's lib/.
#   bench/polybench/build.sh [OUT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${FERRY_BUILD_DIR:-$root/build}
out=${1:-$build/bench/polybench}
mkdir -p "$out"
for src in "$here"/*_acc.cpp; do
  name=$(basename "$src" .cpp)
  echo "ferry-clang++ $name"
  "$build/bin/ferry-clang++" -O2 "$src" -o "$out/$name" '-Wl,-rpath,$ORIGIN/../lib'
done
nvcc=${CUDA_PATH:-/usr/local/cuda}/bin/nvcc
if [ -x "$nvcc" ]; then
  for src in "$here"/*_cuda.cu; do
    name=$(basename "$src" .cu)
    echo "nvcc $name"
    "$nvcc" -O3 -arch=sm_90 -std=c++17 "$src" -o "$out/$name"
  done
else
  echo "build.sh: no nvcc at $nvcc: the CUDA twins are not built" >&2
fi
cp "$here/run.sh" "$out/run.sh"
