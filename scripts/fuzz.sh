#!/usr/bin/env bash
# Builds one libFuzzer target of fuzz/ (or all) into ./build-fuzz and runs it:
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
# TARGET: directive | translate | image | data | all (each for SECONDS).
# The run starts from the seeds in fuzz/corpus/TARGET and what earlier runs
# kept in build-fuzz/corpus/TARGET; a crash is written to
# build-fuzz/crashes/TARGET/ and makes the script exit non-zero. Prints one
# line per target: executions, executions per second, new inputs, crashes.
# Reproduce a crash: build-fuzz/fuzz/ferry-fuzz-TARGET FILE
# (FERRY_FUZZ_VERBOSE=1 prints what the target compiles or parses).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRY_FUZZ_BUILD_DIR:-$root/build-fuzz}
target=${1:?usage: fuzz.sh directive|translate|image|data|all SECONDS [libFuzzer options]}
seconds=${2:?usage: fuzz.sh TARGET SECONDS}
shift 2
targets=("$target")
[ "$target" = all ] && targets=(directive translate image data)

"$root/scripts/install-deps.sh" || exit 1
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=/usr/lib/llvm-19/bin/clang \
    -DCMAKE_CXX_COMPILER=/usr/lib/llvm-19/bin/clang++ \
    -DFERRY_FUZZERS=ON -DBUILD_TESTING=OFF >"$log" 2>&1 ||
    { cat "$log" >&2; echo "fuzz.sh: configure failed" >&2; exit 1; }
fi
names=()
for t in "${targets[@]}"; do names+=("ferry-fuzz-$t"); done
cmake --build "$build" --target "${names[@]}" >"$log" 2>&1 ||
  { tail -50 "$log" >&2; echo "fuzz.sh: build failed" >&2; exit 1; }

status=0
for t in "${targets[@]}"; do
  corpus=$build/corpus/$t crashes=$build/crashes/$t
  mkdir -p "$corpus" "$crashes"
  dict=()
  [ -f "$root/fuzz/$t.dict" ] && dict=(-dict="$root/fuzz/$t.dict")
  # -close_fd_mask=3: the targets' own messages (errors are expected) are
  # dropped; libFuzzer's and the sanitizers' reports are kept.
  FERRY_FUZZ_CRASH_DIR=$crashes \
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1:allow_user_poisoning=0} \
  UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
    "$build/fuzz/ferry-fuzz-$t" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=4096 \
    -print_final_stats=1 -close_fd_mask=3 -artifact_prefix="$crashes/" "${dict[@]}" "$@" \
    "$corpus" "$root/fuzz/corpus/$t" >"$log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  added=$(sed -n 's/^stat::new_units_added: *//p' "$log")
  found=$(grep -c -E '^==[0-9]+==|^SUMMARY:|deadly signal|Test unit written' "$log")
  echo "fuzz $t: ${seconds}s, ${execs:-0} executions, ${rate:-0}/s, ${added:-0} new inputs, exit $rc"
  if [ $rc -ne 0 ] || [ "$found" -ne 0 ] || [ -n "$(ls -A "$crashes")" ]; then
    grep -v '^#' "$log" | tail -60 >&2
    echo "fuzz.sh: $t found a problem; the input is in $crashes" >&2
    status=1
  fi
done
exit $status
