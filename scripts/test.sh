#!/usr/bin/env bash
# README command (b): set up, build, run every lit suite and the GoogleTest
# suites (through ctest), print both summaries, exit non-zero on any failure.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRY_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh" || exit 1
"$root/scripts/build.sh" || exit 1

status=0
echo "== lit (test/) =="
python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv "$build/test" || status=1
echo "== ctest (GoogleTest suites, package test) =="
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" || status=1
exit $status
