#!/usr/bin/env bash
# Runs the public OpenACC V&V suite (the C and C++ test files) through Ferry
# and records which files pass.
#
# The suite is not part of this repository and must never be committed to it:
# fetch it separately, e.g.
#   git clone https://github.com/OpenACCUserGroup/OpenACCV-V /tmp/vv
# (github.com/OpenACCUserGroup/OpenACCV-V); the test files are Tests/*.c and
# Tests/*.cpp, and they include Tests/acc_testsuite.h.
#
# usage: scripts/vv.sh [--suite DIR] [--lang c|cxx|all] [--mode host|emu|gpu-build]
#                      [--jit] [--out DIR] [--jobs N] [FILE-BASENAMES...]
#   --suite DIR   the unpacked suite (default /tmp/vv)
#   --lang        c: Tests/*.c with ferry-clang -O2 -std=gnu99;
#                 cxx: Tests/*.cpp with ferry-clang++ -O2 -std=c++17 (default);
#                 all: both. Every compile adds -I<suite>/Tests and -lm.
#   --mode host   run on Ferry's host backend (ACC_DEVICE_TYPE=host) (default)
#   --mode emu    compile with -fplugin-arg-ferry-embed-ir and run on the
#                 emulated gfx90a (ACC_DEVICE_TYPE=radeon FERRY_EMULATE=gfx90a
#                 HSA_XNACK=1: unified memory as on a gfx90a with XNACK on)
#   --mode gpu-build  compile only, with ferry-clang++'s default device images
#                 (no embedded IR), into <repo>/.devvv/ (git-ignored, never
#                 committed): the stripped binaries (gzipped, so that the
#                 directory stays under 60 MiB), Ferry's runtime library, and a
#                 generated run.sh; carry .devvv to an NVIDIA machine and run
#                 `bash .devvv/run.sh [-j N] [-o DIR]` there
#   --jit         compile with -fplugin-arg-ferry-jit instead (device IR only,
#                 compiled by the runtime at each program's first launch)
#   --out DIR     where results go (default /tmp/vvrun/<lang>-<mode>)
#   --jobs N      files compiled/run at once (default 2)
#   FILE-BASENAMES  only these files (acc_copyin, acc_copyin.cpp, ...)
#
# A file passes when it compiles (60 s limit) and the program exits 0 (120 s
# limit). <out>/results.txt gets one line per file: `PASS name`,
# `FAIL name (exit N)`, `TIMEOUT name` or `NOCOMPILE name` (gpu-build: `BUILT
# name` or `NOCOMPILE name`); the compiler's output is kept in
# <out>/logs/<name>.compile.txt and the program's in <out>/logs/<name>.run.txt.
# At the end: the count of each outcome and the pass percentage of all the
# suite's files of the language. The exit status is 0 unless the script
# itself failed (failing tests do not make it fail).
#
# Ferry is taken from build/ (or $FERRY_BUILD_DIR), already built; the script
# copies it into <out>/ferry once the build tree has been quiet for 30 s and
# compiles everything with that copy (<out>/toolchain.txt says which build),
# so that a rebuild during the run cannot change or break what is measured.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRY_BUILD_DIR:-$root/build}

suite=/tmp/vv lang=cxx mode=host out= jobs=2 jit=0
names=()
usage() { sed -n '11,12p' "$0" | sed 's/^# //' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --suite) suite=${2:?}; shift 2 ;;
    --lang) lang=${2:?}; shift 2 ;;
    --mode) mode=${2:?}; shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    --jobs) jobs=${2:?}; shift 2 ;;
    --jit) jit=1; shift ;;
    --suite=*) suite=${1#*=}; shift ;;
    --lang=*) lang=${1#*=}; shift ;;
    --mode=*) mode=${1#*=}; shift ;;
    --out=*) out=${1#*=}; shift ;;
    --jobs=*) jobs=${1#*=}; shift ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed -n 's/^# \{0,1\}//p'; exit 0 ;;
    --) shift; names+=("$@"); break ;;
    -*) echo "vv.sh: unknown option $1" >&2; usage ;;
    *) names+=("$1"); shift ;;
  esac
done
case $lang in c|cxx|all) ;; *) echo "vv.sh: --lang is c, cxx or all" >&2; usage ;; esac
case $mode in host|emu|gpu-build) ;; *) echo "vv.sh: --mode is host, emu or gpu-build" >&2; usage ;; esac
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "vv.sh: --jobs takes a positive number" >&2; usage; }
out=${out:-/tmp/vvrun/$lang-$mode}
tests=$suite/Tests
if [ ! -f "$tests/acc_testsuite.h" ]; then
  echo "vv.sh: no OpenACC V&V suite at $suite ($tests/acc_testsuite.h is missing)." >&2
  echo "  Fetch it (never into this repository): git clone https://github.com/OpenACCUserGroup/OpenACCV-V $suite" >&2
  exit 2
fi
for tool in ferry-clang ferry-clang++; do
  [ -x "$build/bin/$tool" ] || { echo "vv.sh: $build/bin/$tool is missing (build Ferry first: scripts/build.sh)" >&2; exit 2; }
done

# The suite's files of the language(s), then the ones asked for.
shopt -s nullglob
all=()
case $lang in
  c) all=("$tests"/*.c) ;;
  cxx) all=("$tests"/*.cpp) ;;
  all) all=("$tests"/*.c "$tests"/*.cpp) ;;
esac
shopt -u nullglob
[ ${#all[@]} -gt 0 ] || { echo "vv.sh: no test files in $tests" >&2; exit 2; }
files=()
if [ ${#names[@]} -eq 0 ]; then
  files=("${all[@]}")
else
  for n in "${names[@]}"; do
    n=$(basename "$n")
    found=0
    for f in "${all[@]}"; do
      b=$(basename "$f")
      if [ "$b" = "$n" ] || [ "${b%.*}" = "$n" ]; then files+=("$f"); found=1; fi
    done
    [ $found = 1 ] || echo "vv.sh: warning: no $lang file named $n in $tests" >&2
  done
  [ ${#files[@]} -gt 0 ] || { echo "vv.sh: none of the named files exists" >&2; exit 2; }
fi
# The suite's size per language, for the percentages.
total_c=$(find "$tests" -maxdepth 1 -name '*.c' | wc -l)
total_cxx=$(find "$tests" -maxdepth 1 -name '*.cpp' | wc -l)

# Prints the counts of a results file (argument 1) per language, with the
# pass percentage of all the suite's files of that language (totals in
# $total_c and $total_cxx), and the count of every outcome.
summarize() {
  local results=$1 label=$2
  local l ext title total n
  for l in c cxx; do
    if [ $l = c ]; then ext=c title=C total=$total_c; else ext=cpp title=C++ total=$total_cxx; fi
    n=$(grep -c "^[A-Z]* [^ ]*\.$ext\( \|$\)" "$results" || true)
    [ "$n" -gt 0 ] || continue
    awk -v ext="$ext" -v title="$title" -v total="$total" -v label="$label" -v n="$n" '
      { name = $2; if (name !~ ("\\." ext "$")) next; count[$1]++ }
      END {
        built = label == "gpu-build"
        k = split(built ? "BUILT NOCOMPILE" : "PASS FAIL TIMEOUT NOCOMPILE", order, " ")
        line = sprintf("%s, %s: %d files %s:", title, label, n, built ? "compiled" : "run")
        for (i = 1; i <= k; i++)
          line = line sprintf(" %s %d", order[i], count[order[i]] + 0)
        print line
        if (built)
          printf("%s, %s: %d of the suite'"'"'s %d files compiled (%.1f %%)\n", title, label,
                 count["BUILT"], total, 100 * count["BUILT"] / total)
        else
          printf("%s, %s: %d of the suite'"'"'s %d files pass (%.1f %%)\n", title, label,
                 count["PASS"] + 0, total, 100 * count["PASS"] / total)
      }' "$results"
  done
}

# Runs one compiled program: $1 the binary, $2 its output log; the
# environment comes from the caller. Prints the outcome's word and exit code.
run_program() {
  local bin=$1 log=$2 start rc
  start=$SECONDS
  rc=0
  # The shell's own report of a signal ("Segmentation fault") goes to the log.
  (cd "$(dirname "$bin")" && timeout -k 5 120 "$bin" </dev/null >"$log" 2>&1) 2>>"$log" || rc=$?
  if { [ $rc = 124 ] || [ $rc = 137 ]; } && [ $((SECONDS - start)) -ge 119 ]; then
    echo "vv.sh: killed after 120 s" >>"$log"
    echo "TIMEOUT $rc"
  elif [ $rc = 0 ]; then
    echo "PASS 0"
  else
    echo "FAIL $rc"
  fi
}

# Compiles (and, in host and emu modes, runs) one test file; writes its
# result line to $VV_OUT/status/<name> and prints it.
one() {
  local src=$1 name cc std bin clog rlog rc line outcome code
  name=$(basename "$src")
  case $name in
    *.c) cc=$VV_BUILD/bin/ferry-clang std=-std=gnu99 ;;
    *) cc=$VV_BUILD/bin/ferry-clang++ std=-std=c++17 ;;
  esac
  bin=$VV_OUT/bin/$name.exe
  clog=$VV_OUT/logs/$name.compile.txt
  rlog=$VV_OUT/logs/$name.run.txt
  local extra=()
  [ "$VV_MODE" = emu ] && extra=(-fplugin-arg-ferry-embed-ir)
  [ "$VV_JIT" = 1 ] && extra=(-fplugin-arg-ferry-jit)
  rm -f "$bin"
  rc=0
  timeout -k 5 60 "$cc" -O2 "$std" "${extra[@]}" -I"$VV_TESTS" "$src" -lm -o "$bin" \
    </dev/null >"$clog" 2>&1 || rc=$?
  if [ $rc != 0 ] || [ ! -x "$bin" ]; then
    { [ $rc = 124 ] || [ $rc = 137 ]; } && echo "vv.sh: compile killed after 60 s" >>"$clog"
    line="NOCOMPILE $name"
  else
    case $VV_MODE in
      gpu-build)
        strip -o "$VV_DEVVV/bin/$name.exe" "$bin"
        gzip -9 -n "$VV_DEVVV/bin/$name.exe"
        line="BUILT $name" ;;
      host)
        read -r outcome code < <(unset FERRY_EMULATE HSA_XNACK ACC_DEVICE_NUM
                                 export ACC_DEVICE_TYPE=host
                                 run_program "$bin" "$rlog") ;;
      emu)
        read -r outcome code < <(unset ACC_DEVICE_NUM
                                 export ACC_DEVICE_TYPE=radeon FERRY_EMULATE=gfx90a HSA_XNACK=1
                                 run_program "$bin" "$rlog") ;;
    esac
    case ${outcome:-} in
      PASS) line="PASS $name" ;;
      TIMEOUT) line="TIMEOUT $name" ;;
      FAIL) line="FAIL $name (exit $code)" ;;
    esac
  fi
  echo "$line" >"$VV_OUT/status/$name"
  echo "$line"
}

mkdir -p "$out"
rm -rf "$out/logs" "$out/status" "$out/bin" "$out/ferry"
rm -f "$out/results.txt" "$out/toolchain.txt"
mkdir -p "$out/logs" "$out/status" "$out/bin"

# The suite runs on a copy of Ferry (the drivers, lib/ and include/; every
# path Ferry uses is relative to them) in <out>/ferry: the build tree may be
# rebuilt meanwhile, and a half-linked plugin, or two builds mixed, would be
# measured otherwise. The copy is taken when nothing in the build has
# changed for 30 s, and checked on a small program before the suite starts.
build_stamp() {
  find "$build/bin/ferry-clang" "$build/bin/ferry-clang++" "$build/bin/ferry-link" "$build/lib" "$build/include" \
       -path '*/CMakeFiles' -prune -o -printf '%p %s %T@\n' | LC_ALL=C sort | md5sum
}
quiet_build() {
  local newest
  newest=$(find "$build/bin/ferry-clang" "$build/bin/ferry-clang++" "$build/bin/ferry-link" "$build/lib" "$build/include" \
                -path '*/CMakeFiles' -prune -o -printf '%T@\n' | sort -n | tail -1)
  [ $(( $(date +%s) - ${newest%.*} )) -ge 30 ]
}
snap=$out/ferry
for try in $(seq 1 60); do
  if ! quiet_build; then
    [ "$try" = 1 ] && echo "vv.sh: $build is changing (a build under way?); waiting until it is quiet"
    sleep 15; continue
  fi
  before=$(build_stamp)
  rm -rf "$snap"
  mkdir -p "$snap/bin" "$snap/lib"
  cp -a "$build/bin/ferry-clang" "$build/bin/ferry-clang++" "$build/bin/ferry-link" "$build/bin/ferry-ld" "$snap/bin/"
  find "$build/lib" -maxdepth 1 \( -name '*.so*' -o -name '*.bc' \) -exec cp -a {} "$snap/lib/" \;
  cp -a "$build/include" "$snap/include"
  rm -rf "$snap/include/CMakeFiles" "$snap/include/cmake_install.cmake"
  [ "$(build_stamp)" = "$before" ] && break
  rm -rf "$snap"
done
[ -d "$snap" ] || { echo "vv.sh: $build did not stay unchanged long enough to copy it" >&2; exit 1; }
cat >"$snap/check.cpp" <<'CHECK'
int main() {
  int a[64];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 64; i++)
    a[i] = 2 * i;
  return a[63] == 126 ? 0 : 1;
}
CHECK
if ! "$snap/bin/ferry-clang++" -O2 "$snap/check.cpp" -o "$snap/check" >"$snap/check.txt" 2>&1 ||
   ! ACC_DEVICE_TYPE=host "$snap/check" >>"$snap/check.txt" 2>&1; then
  cat "$snap/check.txt" >&2
  echo "vv.sh: the copy of $build does not compile and run a small OpenACC program" >&2
  exit 1
fi
{
  echo "build: $build, copied $(date -u '+%F %T UTC')"
  echo "commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null)" \
       "($(git -C "$root" status --porcelain 2>/dev/null | wc -l) paths changed or untracked)"
  ls -l --time-style=+'%F %T' "$build/lib/libferry-clang.so" "$build/lib/libferry.so" \
        "$build/lib/libferry-rt.so.0".* "$build/lib/libferry-emu.so" | awk '{print $6, $7, $8}'
} >"$out/toolchain.txt"
devvv=$root/.devvv
if [ "$mode" = gpu-build ]; then
  rm -rf "$devvv"
  mkdir -p "$devvv/bin" "$devvv/lib"
fi
export VV_OUT=$out VV_BUILD=$snap VV_MODE=$mode VV_TESTS=$tests VV_DEVVV=$devvv VV_JIT=$jit
export -f one run_program
echo "vv.sh: ${#files[@]} files, --lang $lang --mode $mode --jobs $jobs, results in $out"
start=$SECONDS
printf '%s\0' "${files[@]}" |
  xargs -0 -n 1 -P "$jobs" bash -c 'one "$1"' vv-one || true
for f in "${files[@]}"; do
  s=$out/status/$(basename "$f")
  if [ -f "$s" ]; then cat "$s"; else echo "NOCOMPILE $(basename "$f")"; fi
done | LC_ALL=C sort -k2 >"$out/results.txt"
rm -rf "$out/status"
echo
echo "vv.sh: done in $(( (SECONDS - start) / 60 )) min $(( (SECONDS - start) % 60 )) s; $out/results.txt"
summarize "$out/results.txt" "$mode"

[ "$mode" = gpu-build ] || exit 0

# The GPU machine has neither this build nor, perhaps, libelf: carry both.
cp -a "$snap"/lib/libferry-rt.so* "$devvv/lib/"
libelf=$(ldd "$snap/lib/libferry-rt.so" | awk '/libelf/ {print $3}')
[ -n "$libelf" ] && cp -L "$libelf" "$devvv/lib/"
grep '^NOCOMPILE ' "$out/results.txt" >"$devvv/nocompile.txt" || true
{ echo "total_c=$total_c"; echo "total_cxx=$total_cxx"; } >"$devvv/suite.txt"
{
  cat <<'HEAD'
#!/usr/bin/env bash
# Generated by scripts/vv.sh --mode gpu-build: runs the OpenACC V&V suite's
# binaries (bin/*.exe.gz, stripped and gzipped) on an NVIDIA GPU
# (ACC_DEVICE_TYPE=nvidia), each with a 120 s limit, and prints one line per
# file (PASS, FAIL (exit N), TIMEOUT, and the NOCOMPILE files of the build)
# and a summary.
#   bash .devvv/run.sh [-j N] [-o DIR] [NAMES...]
#   -j N    programs at once (default 4); -o DIR: results.txt and logs/
#           (default $OUT/vv when $OUT is set, else .devvv/out)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jobs=4 out=${OUT:+$OUT/vv}
while getopts j:o: opt; do
  case $opt in j) jobs=$OPTARG ;; o) out=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
out=${out:-$here/out}
. "$here/suite.txt"
rm -rf "$out/logs" "$out/status"
mkdir -p "$out/logs" "$out/status"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v nvidia-smi >/dev/null && nvidia-smi -L
HEAD
  declare -f summarize run_program
  cat <<'BODY'
gpu_one() {
  local gz=$1 name outcome code line
  name=$(basename "$gz" .exe.gz)
  gzip -dc "$gz" >"$VV_WORK/$name.exe" && chmod +x "$VV_WORK/$name.exe"
  read -r outcome code < <(unset FERRY_EMULATE HSA_XNACK ACC_DEVICE_NUM
                           export ACC_DEVICE_TYPE=nvidia
                           export LD_LIBRARY_PATH=$VV_HERE/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
                           run_program "$VV_WORK/$name.exe" "$VV_OUT/logs/$name.run.txt")
  rm -f "$VV_WORK/$name.exe"
  case $outcome in
    PASS) line="PASS $name" ;;
    TIMEOUT) line="TIMEOUT $name" ;;
    *) line="FAIL $name (exit $code)" ;;
  esac
  echo "$line" >"$VV_OUT/status/$name"
}
export VV_WORK=$work VV_OUT=$out VV_HERE=$here
export -f gpu_one run_program
bins=()
if [ $# -eq 0 ]; then
  bins=("$here"/bin/*.exe.gz)
else
  for n in "$@"; do
    for b in "$here"/bin/"$n".exe.gz "$here"/bin/"$n".c.exe.gz "$here"/bin/"$n".cpp.exe.gz; do
      [ -f "$b" ] && bins+=("$b")
    done
  done
fi
start=$SECONDS
printf '%s\0' "${bins[@]}" | xargs -0 -n 1 -P "$jobs" bash -c 'gpu_one "$1"' vv-gpu-one
{ cat "$out"/status/* 2>/dev/null; [ $# -eq 0 ] && cat "$here/nocompile.txt"; } |
  LC_ALL=C sort -k2 >"$out/results.txt"
rm -rf "$out/status"
cat "$out/results.txt"
echo
echo "run.sh: done in $((SECONDS - start)) s; $out/results.txt"
summarize "$out/results.txt" nvidia
BODY
} >"$devvv/run.sh"
chmod +x "$devvv/run.sh"
size=$(du -sb "$devvv" | cut -f1)
echo "vv.sh: $devvv: $(ls "$devvv/bin" | wc -l) binaries, $((size / 1024)) KiB in all; run there: bash .devvv/run.sh"
if [ "$size" -gt $((60 * 1024 * 1024)) ]; then
  echo "vv.sh: error: $devvv is over 60 MiB" >&2
  exit 1
fi
git -C "$root" check-ignore -q "$devvv/run.sh" ||
  echo "vv.sh: warning: .devvv is not git-ignored; do not commit it" >&2
