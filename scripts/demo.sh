#!/usr/bin/env bash
# README command (a): set up, build, compile examples/saxpy.cpp with the Ferry
# plugin and run it on the best available device.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRY_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
mkdir -p "$build/examples"
"$build/bin/ferry-clang++" -O2 "$root/examples/saxpy.cpp" -o "$build/examples/saxpy"
"$build/examples/saxpy"
