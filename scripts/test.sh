#!/usr/bin/env bash
# README command (b): set up, build, run every lit suite and the GoogleTest
# suites (through ctest) and each fuzzer briefly, print the summaries, exit
# non-zero on any failure.
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
# The fuzzers (docs/robustness.md), each for a short fixed time from a
# fixed seed, so that a run repeats the inputs of the last one (exploring
# with new seeds is scripts/fuzz.sh's default); built in ./build-fuzz.
# FERRY_FUZZ_SECONDS=0 skips them.
seconds=${FERRY_FUZZ_SECONDS:-20}
if [ "$seconds" -gt 0 ]; then
  echo "== fuzzers (${seconds} s each, seed 1) =="
  "$root/scripts/fuzz.sh" all "$seconds" -seed=1 || status=1
fi
exit $status
