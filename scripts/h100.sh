#!/usr/bin/env bash
# Runs Ferry's NVIDIA tests and benchmarks on a GPU machine that has no
# LLVM and no network (the `device` tool's H100).
#   scripts/h100.sh prepare   here: build, generate PTX, compile the test
#                             programs into .devbin/ (carried to the GPU)
#   bash .devbin/run.sh       there: run them, print results, exit non-zero
#                             on any failure
#   scripts/h100.sh prepare-jit   here: the JIT example and benchmark with
#                             libferry.so, LLVM and their libraries, and the
#                             e2e programs built with -fplugin-arg-ferry-jit
#                             (.devjit/)
#   bash .devjit/run.sh       there: the JIT on the GPU
#   scripts/h100.sh prepare-cuda  here: only the nvcc programs of test/gpu/
#                             (.devcuda/; run .devcuda/run.sh there)
#   scripts/h100.sh prepare-mpi  here: several GPUs per process, MPI +
#                             OpenACC (examples/mpi) and bench/mpi, with
#                             Open MPI carried along (.devmpi/; run
#                             .devmpi/run.sh on a machine with 2 GPUs)
#   scripts/h100.sh rebuild NAME...  here: after `prepare`, the e2e programs
#                             NAME (test/e2e/NAME.cpp or .c) compiled again
#                             into .devbin/e2e with this build, and its
#                             runtime libraries copied into .devbin/lib
#                             (a session's changes without a full prepare)
#   scripts/h100.sh rebuild --lto NAME...  the same, compiled and linked with
#                             -foffload-lto (the images ferry-link makes) as
#                             .devbin/e2e/NAME-lto, beside NAME
#   scripts/h100.sh pack      here: .devbin as one archive,
#                             .devpack/devbin.tar.xz (the programs' device
#                             images compress about 12x; the device tool
#                             carries 64 MiB): carry .devpack and run
#                             `tar -xJf .devpack/devbin.tar.xz && bash .devbin/run.sh`
#   scripts/h100.sh prepare-cudart  here: whole CUDA programs built by
#                             ferry-nvcc (test/cuda/) and bench/cuda/ built by
#                             both nvcc and ferry-nvcc (.devcudart/; run
#                             .devcudart/run.sh there)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRY_BUILD_DIR:-$root/build}
out=$root/.devbin
# GPU-only CUDA programs (nvcc, test/gpu/): the register layouts and the
# tf32 numerics Ferry's translation and emulator model, checked on the
# hardware.
cuda_programs() {
  local nvcc=${CUDA_PATH:-/usr/local/cuda}/bin/nvcc
  "$nvcc" -O2 -arch=sm_90 -std=c++17 "$root/test/gpu/ldmatrix_layout.cu" -o "$1/ldmatrix-layout"
  "$nvcc" -O2 -arch=sm_90 -std=c++17 "$root/test/gpu/tf32_inputs.cu" -o "$1/tf32-inputs"
}

# e2e_programs OUT [FLAG...]: every end-to-end program and example (C
# programs too) in OUT/e2e, compiled by ferry-clang++ with FLAGs, and the
# lists that tell OUT/e2e.sh how each one's run is judged. Host-only
# programs (built with targets=none) are left out.
e2e_programs() {
  local out=$1; shift
  mkdir -p "$out/e2e"
  # C programs (test/e2e/*.c) too: ferry-clang++ compiles a .c file as C.
  for src in "$root"/test/e2e/*.cpp "$root"/test/e2e/*.c "$root"/examples/*.cpp; do
    grep -q "ferry-targets=none" "$src" && continue
    prog=$(basename "$src"); prog=${prog%.cpp}; prog=${prog%.c}
    case "$src" in */examples/*) prog=example-$prog ;; esac
    # (rebuild: only the programs named.)
    [ -n "${only:-}" ] && [[ " $only " != *" $prog "* ]] && continue
    # (rebuild --lto: the program's name with -lto.)
    prog=$prog${suffix:-}
    # Further translation units, as the program's RUN line names them.
    mapfile -t extra < <(grep -o '%S/Inputs/[A-Za-z0-9_-]*\.\(cpp\|c\)\b' "$src" | sort -u |
                         sed "s|%S|$root/test/e2e|")
    # And the macros its compile line defines (-DN=500) and its -std.
    # (Not a C -std: the command may compile C++ files too.)
    mapfile -t defines < <(grep -m1 'RUN: %ferry-clang' "$src" |
                           grep -o ' -D[A-Za-z0-9_]*\(=[A-Za-z0-9_]*\)\?\| -std=[a-z0-9+]*' |
                           sed 's/^ //' | grep -v '^-std=c[0-9]')
    # And Ferry's CUDA runtime where the program calls it (cudaMalloc).
    libs=()
    grep -m1 'RUN: %ferry-clang' "$src" | grep -q -- '-lferry-cudart' &&
      libs=(-L"$build/lib" -lferry-cudart)
    "$build/bin/ferry-clang++" -O2 "$@" "$src" "${extra[@]}" "${defines[@]}" "${libs[@]}" \
        -o "$out/e2e/$prog" '-Wl,-rpath,$ORIGIN/../lib'
    # Programs that print (device printf): their sorted output is checked
    # against the CHECK lines (run as `%run %t | sort | %FileCheck %s`).
    if grep -q 'RUN:.*%run %t | sort | %FileCheck %s$' "$src"; then
      mkdir -p "$out/e2e-expected"
      sed -n 's|^// CHECK\(-NEXT\)\?: *||p' "$src" > "$out/e2e-expected/$prog.txt"
    # Programs that must stop with a Ferry error on a device: every run
    # line that runs them is negated, or (assertions compiled in, which some
    # of their run lines compile out) `GPU: expect-error`.
    # Programs whose outcome is the GPU's: they pass where it reaches host
    # memory (HMM) and stop with Ferry's message where it does not.
    elif grep -q '^// GPU: host-memory' "$src"; then
      echo "$prog" >> "$out/e2e-host-memory.txt"
    elif grep -q '^// GPU: expect-error' "$src" ||
       { grep -q 'RUN:.*%not.*%run' "$src" && ! grep 'RUN:.*%run' "$src" | grep -vq '%not'; }; then
      echo "$prog" >> "$out/e2e-expect-error.txt"
    # Programs that report misuse on stderr and go on (their run lines check
    # the messages with FileCheck): a pass exits 0, messages allowed.
    elif grep 'RUN:.*%run' "$src" | grep -v '%not' | grep -q '%FileCheck' &&
         ! grep 'RUN:.*%run' "$src" | grep -v '%not' | grep -q '%count 0'; then
      echo "$prog" >> "$out/e2e-expect-messages.txt"
    fi
  done
  cp "$root/scripts/h100-e2e.sh" "$out/e2e.sh"
}

case "${1:-}" in
rebuild)
  shift
  flags=(); suffix=
  [ "${1:-}" = --lto ] && { flags=(-foffload-lto); suffix=-lto; shift; }
  [ $# -gt 0 ] || { echo "usage: scripts/h100.sh rebuild [--lto] NAME..." >&2; exit 2; }
  [ -d "$out/e2e" ] || { echo "h100.sh: no $out/e2e: run 'scripts/h100.sh prepare' first" >&2; exit 1; }
  "$root/scripts/build.sh"
  cp -a "$build"/lib/libferry-rt.so* "$build"/lib/libferry-cudart.so* "$out/lib/"
  only="$*"
  for name in "$@"; do
    [ -f "$root/test/e2e/$name.cpp" ] || [ -f "$root/test/e2e/$name.c" ] ||
      { echo "h100.sh: no test/e2e/$name.cpp or .c" >&2; exit 1; }
    # Its judgement is written again below.
    for list in "$out"/e2e-expect-error.txt "$out"/e2e-expect-messages.txt \
                "$out"/e2e-host-memory.txt; do
      [ -f "$list" ] && sed -i "/^$name$suffix\$/d" "$list"
    done
    rm -f "$out/e2e-expected/$name$suffix.txt"
  done
  e2e_programs "$out" "${flags[@]}"
  ;;
pack)
  [ -d "$out" ] || { echo "h100.sh: no $out: run 'scripts/h100.sh prepare' first" >&2; exit 1; }
  mkdir -p "$root/.devpack"
  tar -C "$root" -cf - .devbin | xz -T0 -6 > "$root/.devpack/devbin.tar.xz"
  du -sh "$root/.devpack/devbin.tar.xz"
  ;;
prepare-cuda)
  # Only the test/gpu/ programs (no Ferry build), with a run.sh that runs
  # them: `bash .devcuda/run.sh` on the GPU machine.
  dir=$root/.devcuda
  rm -rf "$dir"
  mkdir -p "$dir"
  cuda_programs "$dir"
  cat > "$dir/run.sh" <<'RUN'
#!/usr/bin/env bash
cd "$(dirname "$0")"
status=0
for p in ldmatrix-layout tf32-inputs; do
  echo "== $p"
  ./"$p" || status=1
done
exit $status
RUN
  ;;
prepare)
  "$root/scripts/build.sh"
  rm -rf "$out"
  mkdir -p "$out/lib"
  cp -a "$build"/lib/libferry-rt.so* "$build"/lib/libferry-cudart.so* "$out/lib/"
  # The runtime reads images with libelf; the GPU machine may not have it.
  cp -L "$(ldd "$build/lib/libferry-rt.so" | awk '/libelf/ {print $3}')" "$out/lib/"
  t="$build/bin/ferry-translate"
  in="$root/test/device/Inputs"
  "$t" "$in/axpy-kernel.ll" --emit=ptx --cuda-arch=sm_90 -o "$out/axpy-kernel.ptx"
  "$t" "$in/axpy-library.ll" --emit=ptx --cuda-arch=sm_90 -o "$out/axpy-library.ptx"
  "$t" "$in/empty-kernel.ll" --emit=ptx --cuda-arch=sm_90 -o "$out/empty-kernel.ptx"
  cxx=(/usr/lib/llvm-19/bin/clang++ -O2 -std=c++17 -I"$build/include" -L"$out/lib"
       -lferry-rt -ldl '-Wl,-rpath,$ORIGIN/lib')
  "${cxx[@]}" "$root/test/device/linked-library.cpp" -o "$out/linked-library"
  "${cxx[@]}" "$root/test/device/data-api.cpp" -o "$out/data-api"
  "$t" "$root/test/runtime/Inputs/symbols.ll" --emit=ptx --cuda-arch=sm_90 -o "$out/symbols.ptx"
  "${cxx[@]}" "$root/test/device/module-symbols.cpp" -o "$out/module-symbols"
  "$t" "$in/fnptr-library.ll" --emit=ptx --cuda-arch=sm_90 -o "$out/fnptr-library.ptx"
  "$t" "$in/fnptr-kernel.ll" --emit=ptx --cuda-arch=sm_90 -o "$out/fnptr-kernel.ptx"
  "${cxx[@]}" "$root/test/device/function-pointers.cpp" -o "$out/function-pointers"
  # One image list for every backend (test/runtime/portable-images.test):
  # AMD objects and translated IR beside the PTX.
  for part in kernel library; do
    "$t" "$in/axpy-$part.ll" --emit=obj --offload-arch=gfx90a -o "$out/portable-$part.o"
    "$t" "$in/axpy-$part.ll" --emit=bc --offload-arch=gfx90a -o "$out/portable-$part.bc"
  done
  "${cxx[@]}" "$root/test/runtime/Inputs/portable-images.cpp" -o "$out/portable-images"
  "$t" "$root/test/runtime/Inputs/region-kernels.ll" --cuda-arch=sm_90 --offload-arch=gfx90a \
      --emit=host -o "$out/region-kernels.host.ll"
  /usr/lib/llvm-19/bin/clang++ -c "$out/region-kernels.host.ll" -o "$out/region-kernels.o"
  "${cxx[@]}" "$root/test/runtime/Inputs/region-launch.cpp" "$out/region-kernels.o" \
      -o "$out/region-launch"
  rm "$out/region-kernels.host.ll" "$out/region-kernels.o"
  # Every end-to-end program and example, compiled by the plugin with its
  # default targets (AMD code objects + PTX).
  e2e_programs "$out"
  cuda_programs "$out"
  "$root/bench/stream/build.sh" "$out/stream"
  "$root/bench/polybench/build.sh" "$out/polybench" >/dev/null
  "${cxx[@]}" "$root/bench/launch_overhead.cpp" -o "$out/launch_overhead"
  "${cxx[@]}" "$root/bench/host_launch_overhead.cpp" -o "$out/host_launch_overhead"
  "${cxx[@]}" -I"$root/runtime" "$root/tools/ferry-info/ferry-info.cpp" -o "$out/ferry-info"
  cp "$root/scripts/h100-run.sh" "$out/run.sh"
  cp "$root/bench/first-run.sh" "$out/first-run.sh"
  # Without their symbols the programs fit the device tool's 64 MiB carry
  # (the images are in sections of their own, which strip keeps).
  find "$out/e2e" "$out/polybench" -type f -perm -u+x -exec strip -s {} + 2>/dev/null || true
  du -sh "$out"
  ;;
prepare-cudart)
  # Whole CUDA programs: test/cuda/ built by ferry-nvcc (its PTX runs on
  # the GPU; the binaries are the ones CI runs on the emulated AMD devices),
  # and bench/cuda/ built by nvcc and by ferry-nvcc from the same sources.
  "$root/scripts/build.sh"
  dir=$root/.devcudart
  rm -rf "$dir"
  mkdir -p "$dir/lib" "$dir/tests" "$dir/bench/nvcc" "$dir/bench/ferry"
  cp -a "$build"/lib/libferry-rt.so* "$build"/lib/libferry-cudart.so* "$dir/lib/"
  cp -L "$(ldd "$build/lib/libferry-rt.so" | awk '/libelf/ {print $3}')" "$dir/lib/"
  nvcc=${CUDA_PATH:-/usr/local/cuda}/bin/nvcc
  fnvcc=("$build/bin/ferry-nvcc" -O3 -arch=sm_80)
  tests=(-Xlinker '-rpath,$ORIGIN/../lib')
  for src in "$root"/test/cuda/*.cu; do
    name=$(basename "$src" .cu)
    case "$name" in
    rdc) "${fnvcc[@]}" "${tests[@]}" -rdc=true "$src" "$root/test/cuda/Inputs/rdc-other.cu" \
           -o "$dir/tests/$name" ;;
    nvcc_spellings) "${fnvcc[@]}" "${tests[@]}" -I"$root/test/cuda/Inputs/spellings" "$src" \
           -o "$dir/tests/$name" ;;
    rdc_cub) "${fnvcc[@]}" "${tests[@]}" -rdc=true "$src" -o "$dir/tests/$name" ;;
    # Inline PTX of sm_90 (an mbarrier arrive with a count, try_wait.parity).
    mbarrier) "${fnvcc[@]/-arch=sm_80/-arch=sm_90}" "${tests[@]}" "$src" -o "$dir/tests/$name" ;;
    # Warp-synchronous exchanges through plain shared memory: formally a
    # race since CUDA 9, what the emulator's wave lockstep is checked with;
    # on a GPU the result is the warp scheduler's.
    warp_synchronous_plain) ;;
    *) "${fnvcc[@]}" "${tests[@]}" "$src" -o "$dir/tests/$name" ;;
    esac
  done
  "${fnvcc[@]}" "${tests[@]}" "$root/examples/cuda/saxpy.cu" -o "$dir/tests/example-saxpy"
  for src in "$root"/bench/cuda/*.cu; do
    name=$(basename "$src" .cu)
    "$nvcc" -O3 -arch=sm_80 "$src" -o "$dir/bench/nvcc/$name"
    "${fnvcc[@]}" -Xlinker '-rpath,$ORIGIN/../../lib' "$src" -o "$dir/bench/ferry/$name"
  done
  cp "$root/bench/cuda/compare.sh" "$dir/bench/"
  cp "$root/scripts/h100-cudart-run.sh" "$dir/run.sh"
  du -sh "$dir"
  ;;
prepare-mpi)
  "$root/scripts/build.sh"
  dir=$root/.devmpi
  rm -rf "$dir"
  mkdir -p "$dir/lib"
  cp -a "$build"/lib/libferry-rt.so* "$dir/lib/"
  cp -L "$(ldd "$build/lib/libferry-rt.so" | awk '/libelf/ {print $3}')" "$dir/lib/"
  acc=("$build/bin/ferry-clang++" -O2 '-Wl,-rpath,$ORIGIN/lib')
  "${acc[@]}" "$root/test/e2e/multi-device.cpp" -o "$dir/multi-device"
  "${acc[@]}" "$root/test/e2e/host-data-host-access.cpp" -o "$dir/host-data-host-access"
  # shellcheck disable=SC2046 # mpicxx's flags are words
  "${acc[@]}" $(mpicxx --showme:compile) "$root/examples/mpi/stencil.cpp" \
      $(mpicxx --showme:link) -o "$dir/stencil"
  /usr/lib/llvm-19/bin/clang++ -O2 -std=c++17 -I"$build/include" -I"$root/runtime" \
      "$root/tools/ferry-info/ferry-info.cpp" -L"$dir/lib" -lferry-rt -ldl '-Wl,-rpath,$ORIGIN/lib' \
      -o "$dir/ferry-info"
  "$root/scripts/carry-mpi.sh" "$dir/mpi"
  cp "$root/bench/mpi/scaling.sh" "$dir/"
  cp "$root/scripts/h100-mpi-run.sh" "$dir/run.sh"
  du -sh "$dir"
  ;;
prepare-jit)
  # The JIT (libferry.so) compiles on the GPU machine, which has no LLVM:
  # carry libLLVM and every library it needs but glibc, xz-compressed (the
  # device tool carries at most 64 MiB), libdevice for the PTX and the ROCm
  # device libraries for the AMD code objects.
  "$root/scripts/build.sh"
  jit=$root/.devjit
  rm -rf "$jit"
  mkdir -p "$jit/lib" "$jit/bin" "$jit/cuda/nvvm/libdevice"
  cp "$build/bin/expr-jit" "$build/bench/jit_latency" "$jit/bin/"
  cp -L /usr/local/cuda/nvvm/libdevice/libdevice.10.bc "$jit/cuda/nvvm/libdevice/"
  # The ROCm device libraries, for the AMD targets the benchmark compiles for.
  tar cJf "$jit/amdgcn-bitcode.tar.xz" -C "$(dirname "$(readlink -f \
    /usr/lib/x86_64-linux-gnu/amdgcn/bitcode)")" bitcode
  # Under the names the programs ask for (libLLVM.so.1, libferry-rt.so.0).
  ldd "$build/bin/expr-jit" "$build/bench/jit_latency" | awk '/=> \// {print $1, $3}' | sort -u |
    grep -v -E '^(libc|libm|libdl|libpthread|librt)\.so' |
    while read -r name lib; do cp -L "$lib" "$jit/lib/$name"; done
  # Ferry's CUDA runtime, for the e2e programs that call it (cudaMalloc).
  cp -L "$build/lib/libferry-cudart.so.0" "$jit/lib/"
  (cd "$jit/lib" && xz -T2 -6 ./*)
  # The end-to-end programs with device IR only (-fplugin-arg-ferry-jit):
  # the runtime compiles each for the GPU at its first launch, with the
  # carried libferry.so.
  e2e_programs "$jit" -fplugin-arg-ferry-jit
  find "$jit/e2e" -type f -perm -u+x -exec strip -s {} + 2>/dev/null || true
  cp "$root/scripts/h100-jit-run.sh" "$jit/run.sh"
  du -sh "$jit"
  ;;
*)
  echo "usage: scripts/h100.sh prepare|prepare-jit|prepare-cuda|prepare-cudart|prepare-mpi   (then run .devbin/run.sh, .devjit/run.sh, .devcuda/run.sh, .devcudart/run.sh or .devmpi/run.sh on the GPU machine)" >&2
  exit 2
  ;;
esac
