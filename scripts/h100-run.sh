#!/usr/bin/env bash
# Runs on the GPU machine, from the repository root, over .devbin/ prepared
# by scripts/h100.sh. Prints each result; exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")"
status=0
nvidia-smi -L || true
echo "== ferry-info"
./ferry-info || status=1
echo "== linked-library (PTX kernel + PTX device-function library, async queues)"
# (Its last check: the kernel alone is refused, the error naming the
# missing function.)
if ./linked-library axpy-kernel.ptx axpy-library.ptx 2> linked.err && [ ! -s linked.err ]; then
  echo "linked-library: PASS"
else
  echo "linked-library: FAIL"; cat linked.err; status=1
fi
echo "== data-api (present table on the GPU)"
if ./data-api axpy-kernel.ptx axpy-library.ptx; then echo "data-api: PASS"; else echo "data-api: FAIL"; status=1; fi
echo "== module-symbols (variable addresses, linked-module cache)"
if MODULE_SYMBOLS_VERBOSE=1 ./module-symbols symbols.ptx axpy-kernel.ptx axpy-library.ptx; then
  echo "module-symbols: PASS"
else
  echo "module-symbols: FAIL"; status=1
fi
echo "== function-pointers (device-function addresses, indirect calls into a linked library)"
if ./function-pointers fnptr-library.ptx fnptr-kernel.ptx; then
  echo "function-pointers: PASS"
else
  echo "function-pointers: FAIL"; status=1
fi
echo "== portable-images (one list of AMD objects, translated IR and PTX: the CUDA backend takes the PTX)"
./portable-images portable-kernel.o portable-kernel.bc axpy-kernel.ptx portable-library.o \
  portable-library.bc axpy-library.ptx run > portable.out 2>&1
if grep -q "^load: ok" portable.out && grep -q "^axpy_element: has an address" portable.out &&
   grep -q "^foreign: ferry_module_load: none of the 2 images (object for gfx90a, object for gfx90a) is for nvidia device 0" portable.out &&
   grep -q "^resources: some registers, a largest block" portable.out &&
   grep -q "^run: 0 wrong" portable.out; then
  echo "portable-images: PASS"
else
  echo "portable-images: FAIL"; cat portable.out; status=1
fi
echo "== ferry-info --load (each kernel's registers and local memory from the driver)"
if ./ferry-info --image fnptr-kernel.ptx --load > load.out 2>&1 && grep -q "^kernel  *apply  *[1-9]" load.out; then
  echo "ferry-info --load: PASS"; cat load.out
else
  echo "ferry-info --load: FAIL"; cat load.out; status=1
fi
echo "== region-launch (ferry_launch_region: attach, queues, reduction partials)"
if FERRY_TIME=1 ./region-launch 2> region.err; then
  echo "region-launch: PASS"; cat region.err
  if grep -q "saxpy.*host wall time" region.err || ! grep -q "ferry: time: saxpy" region.err; then
    echo "FERRY_TIME: FAIL (no device time for the GPU launches)"; status=1
  fi
else
  echo "region-launch: FAIL"; cat region.err; status=1
fi
echo "== region-launch on the host backend (same program)"
if ACC_DEVICE_TYPE=host ./region-launch; then echo "region-launch (host): PASS"; else echo "region-launch (host): FAIL"; status=1; fi
echo "== ldmatrix-layout (ldmatrix/stmatrix register layouts as Ferry models them, corpus ldmatrix_mma kernels)"
if ./ldmatrix-layout; then :; else status=1; fi
echo "== tf32-inputs (tf32 tensor-core inputs truncated to their top 19 bits, f32 FMAs in ascending k: wmma m16n16k8, mma.sync m16n8k8/m16n8k4)"
if ./tf32-inputs; then :; else status=1; fi
echo "== end-to-end programs and examples (plugin-compiled, on the GPU)"
bash ./e2e.sh . || status=1
echo "== first run: embedded cubins vs the driver's PTX JIT vs Ferry's JIT cache (bench/first-run.sh)"
./first-run.sh e2e/example-jacobi e2e/gang-worker-vector e2e/reduce-section-nests e2e/tile-nests \
  e2e/c-kernels-plain-loops || status=1
echo "== STREAM: Ferry directives vs hand-written CUDA (2^27 doubles)"
(cd stream && ./run.sh) || status=1
echo "== PolyBench-style kernels: Ferry directives vs hand-written CUDA (bench/polybench)"
(cd polybench && PB_TIMEOUT=${PB_TIMEOUT:-60} ./run.sh) || status=1
echo "== launch overhead (empty kernel)"
./launch_overhead empty-kernel.ptx 20000 || status=1
echo "== host backend launch overhead"
./host_launch_overhead 20000 || status=1
echo "== FERRY_NOTIFY=1 (one launch line)"
FERRY_NOTIFY=1 ./launch_overhead empty-kernel.ptx 5 > notify.out 2>&1 || status=1
grep -m1 "launch empty" notify.out || status=1
exit $status
