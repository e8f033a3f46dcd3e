#!/usr/bin/env bash
# Compile time of OpenACC C++ with Ferry, side by side with plain clang++ 19
# on the same file (the reference): CPU time (user + system) of `-O2 -c`,
# the median of REPEAT runs, for
#   clang++ -O2                 the reference (the directives are ignored;
#                               Ferry's include directory for <openacc.h>)
#   ferry-clang++               the default: the device IR embedded, the
#                               five default targets compiled when the program
#                               is linked (-foffload-lto); the same cold or warm
#   its link                    linking that object into a program (ferry-link
#                               compiles the five targets, an empty cache),
#                               against clang++'s link of its object: where
#                               the device code's time went
#   -fno-offload-lto, first     the five targets compiled in the compile, an
#                               empty compile cache (the first file of a
#                               project: it also builds the precompiled
#                               <ferry/acc/acc.h>)
#   -fno-offload-lto, cold      the same with no device images in the cache,
#                               the header's PCH and the file digests there
#                               (any other file of the project)
#   -fno-offload-lto, warm      the same with the cache filled (a rebuild of an
#                               unchanged file)
#   none                        -fplugin-arg-ferry-targets=none (host code only:
#                               the cost of the header and the rewrite)
#   jit                         -fplugin-arg-ferry-jit (the device IR embedded,
#                               compiled by the runtime for the device a
#                               program runs on, at its first launch there)
# Targets of issue 29: a compile with the five default targets and a cold
# cache <= 2x, none <= 1.2x. WALL=1: elapsed seconds instead of CPU seconds
# (the targets compile at once, on as many threads as the machine has).
#   bench/compile-time.sh [FILE...]   (default: examples/jacobi.cpp and the
#                                     e2e program with the most directives;
#                                     FILE's compile flags: CXXFLAGS)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRY_BUILD_DIR:-$root/build}
repeat=${REPEAT:-3}
files=("$@")
[ ${#files[@]} -eq 0 ] && files=("$root/examples/jacobi.cpp" "$root/test/e2e/data-members-enter.cpp")
# (Word-split on purpose: `CXXFLAGS="-std=c++17 -Idriver"`.)
# shellcheck disable=SC2206
flags=(${CXXFLAGS:-})
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# cpu CMD...: the median CPU seconds of $repeat runs (the cache emptied before
# each run when FIRST=1, its device images when COLD=1)
cpu() {
  local times=()
  for _ in $(seq "$repeat"); do
    if [ "${FIRST:-0}" = 1 ]; then rm -rf "$tmp/cache"; fi
    # Cold keeps what any earlier compile on the machine leaves besides the
    # images: the header's PCH and the remembered digests of Ferry's own
    # files (libferry.so, the device libraries, ptxas: docs/jit.md).
    [ "${COLD:-0}" = 1 ] && find "$tmp/cache" -type f ! -name '*.pch' ! -name '*.pch-inputs' ! -path '*/file-digests/*' -delete 2>/dev/null || true
    if ! /usr/bin/time -f "%U %S %e" -o "$tmp/t" "$@" >/dev/null 2>"$tmp/err"; then
      echo "compile-time: failed: $*" >&2
      cat "$tmp/err" >&2
      exit 1
    fi
    times+=("$(tail -1 "$tmp/t" | awk -v wall="${WALL:-0}" '{printf "%.3f", wall == 1 ? $3 : $1 + $2}')")
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (repeat + 1) / 2 ))p"
}

printf '%-24s %6s %6s %5s %6s %6s %5s %6s %5s %6s %5s %6s %5s %6s %5s %6s %5s\n' file clang \
  ferry ratio clink flink ratio first ratio cold ratio warm ratio none ratio jit ratio
for f in "${files[@]}"; do
  # (The language standard is clang's default in both: ferry-clang++ passes
  # none, and gnu++17 instantiates libstdc++'s GNU special functions that
  # -std=c++17 leaves out, 0.05 G of a small file that includes <cmath>.)
  ref=$(cpu /usr/lib/llvm-19/bin/clang++ -O2 -Wno-unknown-pragmas \
        -I"$build/include" "${flags[@]}" -c "$f" -o "$tmp/ref.o")
  export FERRY_CACHE_DIR=$tmp/cache
  ferry=$(COLD=1 cpu "$build/bin/ferry-clang++" -O2 "${flags[@]}" -c "$f" -o "$tmp/lto.o")
  # The links: clang's of its object, ferry-link's of the default's (the
  # five targets compiled there, no images in the cache).
  # (A file of a program's without its other files links with their
  # symbols unresolved.)
  clink=$(cpu /usr/lib/llvm-19/bin/clang++ "$tmp/ref.o" -L"$build/lib" -lferry-rt \
          -Wl,--unresolved-symbols=ignore-all -o "$tmp/ref")
  flink=$(COLD=1 cpu "$build/bin/ferry-clang++" "$tmp/lto.o" -Wl,--unresolved-symbols=ignore-all \
          -o "$tmp/lto")
  first=$(FIRST=1 cpu "$build/bin/ferry-clang++" -O2 -fno-offload-lto "${flags[@]}" -c "$f" -o "$tmp/first.o")
  cold=$(COLD=1 cpu "$build/bin/ferry-clang++" -O2 -fno-offload-lto "${flags[@]}" -c "$f" -o "$tmp/cold.o")
  warm=$(cpu "$build/bin/ferry-clang++" -O2 -fno-offload-lto "${flags[@]}" -c "$f" -o "$tmp/warm.o")
  none=$(cpu "$build/bin/ferry-clang++" -O2 -fplugin-arg-ferry-targets=none "${flags[@]}" -c "$f" -o "$tmp/none.o")
  jit=$(cpu "$build/bin/ferry-clang++" -O2 -fplugin-arg-ferry-jit "${flags[@]}" -c "$f" -o "$tmp/jit.o")
  r() { awk "BEGIN {printf \"%.2f\", $1 / $2}"; }
  printf '%-24s %6s %6s %5s %6s %6s %5s %6s %5s %6s %5s %6s %5s %6s %5s %6s %5s\n' "$(basename "$f")" "$ref" \
    "$ferry" "$(r "$ferry" "$ref")" "$clink" "$flink" "$(r "$flink" "$clink")" \
    "$first" "$(r "$first" "$ref")" "$cold" "$(r "$cold" "$ref")" "$warm" "$(r "$warm" "$ref")" \
    "$none" "$(r "$none" "$ref")" "$jit" "$(r "$jit" "$ref")"
done
