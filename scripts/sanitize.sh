#!/usr/bin/env bash
# Sanitizer builds of Ferry, each in a build directory of its own:
#   scripts/sanitize.sh [address|thread|all]        (default: all)
# address: build-asan, FERRY_SANITIZE=address,undefined: every library, tool
#   and test of Ferry instrumented; the whole lit suite and ctest run with
#   the ASan runtime preloaded (FERRY_TEST_PRELOAD, which test/lit.cfg.py
#   passes on as LD_PRELOAD), since clang-19, opt-19 and the programs the
#   tests compile are not instrumented but load Ferry's instrumented
#   libraries (the plugin, the passes, libferry-rt.so, libferry-emu.so).
# thread: build-tsan, FERRY_SANITIZE=thread: the runtime and its queue and
#   host-thread tests (ferry-runtime-thread-tests: HostQueues*, LaunchRegion*,
#   OpenACCHost*, HostThreadPool*), run three times under TSan.
# Exits non-zero on any finding or failure. docs/robustness.md has the details.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
what=${1:-all}
"$root/scripts/install-deps.sh" || exit 1
rt=$(dirname "$(/usr/lib/llvm-19/bin/clang -print-file-name=libclang_rt.asan-x86_64.so)")
log=$(mktemp)
trap 'rm -f "$log"' EXIT

configure() { # DIR SANITIZERS
  [ -f "$1/build.ninja" ] && return 0
  cmake -S "$root" -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=/usr/lib/llvm-19/bin/clang \
    -DCMAKE_CXX_COMPILER=/usr/lib/llvm-19/bin/clang++ \
    -DFERRY_SANITIZE="$2" >"$log" 2>&1 || { cat "$log" >&2; echo "sanitize.sh: configure failed" >&2; exit 1; }
}

status=0
if [ "$what" = address ] || [ "$what" = all ]; then
  build=$root/build-asan
  configure "$build" address,undefined
  start=$SECONDS
  cmake --build "$build" >"$log" 2>&1 || { tail -40 "$log" >&2; echo "sanitize.sh: build failed" >&2; exit 1; }
  echo "asan: built in $((SECONDS - start)) s"
  # Leaks: clang and the compiled test programs end without freeing (by
  # design, -disable-free); the fuzzers check for leaks in Ferry's code.
  # allocator_may_return_null: the tests ask for impossible sizes
  # (acc_malloc(SIZE_MAX)) and expect NULL, as glibc's malloc returns.
  export ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0:abort_on_error=1:allocator_may_return_null=1:detect_stack_use_after_return=0
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  start=$SECONDS
  FERRY_TEST_PRELOAD=$rt/libclang_rt.asan-x86_64.so \
    python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv "$build/test" || status=1
  # (The package test runs clang with the instrumented plugin as well.)
  LD_PRELOAD=$rt/libclang_rt.asan-x86_64.so \
    ctest --test-dir "$build" --output-on-failure -j "$(nproc)" || status=1
  echo "asan: tests ran in $((SECONDS - start)) s"
  unset ASAN_OPTIONS UBSAN_OPTIONS
fi
if [ "$what" = thread ] || [ "$what" = all ]; then
  build=$root/build-tsan
  configure "$build" thread
  cmake --build "$build" --target ferry-runtime-thread-tests >"$log" 2>&1 ||
    { tail -40 "$log" >&2; echo "sanitize.sh: build failed" >&2; exit 1; }
  TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
    "$build/bin/ferry-runtime-thread-tests" \
    --gtest_filter='HostQueues*:LaunchRegion*:OpenACCHost*:HostThreadPool*' --gtest_repeat=3 \
    || status=1
fi
exit $status
