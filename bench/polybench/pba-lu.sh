#!/usr/bin/env bash
# PolyBench-ACC's own lu.c (its pivot loop marked `loop` in `parallel`)
# built by Ferry as C and as C++, beside this directory's lu pair, into OUT
# (default .devmini/lu, git-ignored) with a run.sh for the GPU machine:
# carry OUT there and run `bash OUT/run.sh` (FERRY_TIME region totals are
# the numbers to compare; the suite's own timer also counts the device's
# first use). The suite is not part of this repository and must never be
# committed to it: fetch it separately (github.com/cavazos-lab/PolyBench-ACC)
# and name its folder:
#   bench/polybench/pba-lu.sh /path/to/PolyBench-ACC [OUT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${FERRY_BUILD_DIR:-$root/build}
pba=${1:?usage: pba-lu.sh PolyBench-ACC-dir [OUT]}
out=${2:-$root/.devmini/lu}
common=$pba/common
lu=$pba/OpenACC/linear-algebra/solvers/lu/lu.c
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out/lib"
cp -L "$build/lib/libferry-rt.so.0" "$out/lib/"
# The suite's timer, as C; a polybench.h that C++ sees with C linkage.
clang-19 -O2 -DPOLYBENCH_TIME -I"$common" -c "$common/polybench.c" -o "$tmp/polybench.o"
printf 'extern "C" {\n#include "%s/polybench.h"\n}\n' "$common" > "$tmp/polybench.h"
"$build/bin/ferry-clang" -O2 -std=gnu99 -DPOLYBENCH_TIME -I"$common" "$lu" "$tmp/polybench.o" \
    -o "$out/lu_c" -lm '-Wl,-rpath,$ORIGIN/lib'
"$build/bin/ferry-clang++" -O2 -DPOLYBENCH_TIME -I"$tmp" -I"$common" -x c++ "$lu" -x none \
    "$tmp/polybench.o" -o "$out/lu_cxx" -lm '-Wl,-rpath,$ORIGIN/lib'
"$build/bin/ferry-clang++" -O2 "$here/lu_acc.cpp" -o "$out/lu_acc" '-Wl,-rpath,$ORIGIN/lib'
nvcc=${CUDA_PATH:-/usr/local/cuda}/bin/nvcc
"$nvcc" -O3 -arch=sm_90 -std=c++17 "$here/lu_cuda.cu" -o "$out/lu_cuda"
cat > "$out/run.sh" <<'RUN'
#!/usr/bin/env bash
cd "$(dirname "$0")"
for p in lu_cuda lu_acc; do echo "== $p"; ./$p; done
for p in lu_c lu_cxx; do
  echo "== $p (PolyBench-ACC lu.c, n = 1024; seconds, then FERRY_TIME)"
  FERRY_TIME=1 timeout 120 ./$p 2>&1 | tail -4
done
RUN
echo "pba-lu.sh: $out (carry it to the GPU machine, run bash $(basename "$out")/run.sh there)"
