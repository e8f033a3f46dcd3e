#!/usr/bin/env bash
# README command (a): set up, build, compile examples/saxpy.cpp with the Ferry
# plugin and run it on the best available device; then the CUDA version of it
# (examples/cuda/saxpy.cu) built by ferry-nvcc.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRY_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
mkdir -p "$build/examples"
"$build/bin/ferry-clang++" -O2 "$root/examples/saxpy.cpp" -o "$build/examples/saxpy"
"$build/examples/saxpy"

# The same computation as a whole CUDA program (examples/cuda/saxpy.cu),
# built by ferry-nvcc where the CUDA headers are. Without a GPU it runs on
# the emulated AMD gfx90a, and says so.
if [ -x "$build/bin/ferry-nvcc" ]; then
  "$build/bin/ferry-nvcc" -O3 -arch=sm_80 "$root/examples/cuda/saxpy.cu" \
    -o "$build/examples/saxpy-cuda"
  if "$build/bin/ferry-info" --has=radeon || "$build/bin/ferry-info" --has=nvidia; then
    "$build/examples/saxpy-cuda"
  else
    echo "(no AMD or NVIDIA GPU here: the CUDA program runs on the emulated gfx90a)"
    FERRY_EMULATE=gfx90a "$build/examples/saxpy-cuda"
  fi
fi
