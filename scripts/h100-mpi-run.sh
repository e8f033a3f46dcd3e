#!/usr/bin/env bash
# Runs on a GPU machine with one or more NVIDIA GPUs, over .devmpi/ prepared
# by `scripts/h100.sh prepare-mpi`: several GPUs in one process, a device
# address reaching host code, and MPI + OpenACC (examples/mpi) with Open MPI
# carried along (scripts/carry-mpi.sh), then its scaling (bench/mpi).
# Prints each result; exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
# shellcheck source=/dev/null
source mpi/env.sh
export ACC_DEVICE_TYPE=nvidia
status=0
pass() { echo "$1: PASS"; }
fail() { echo "$1: FAIL"; status=1; }
nvidia-smi -L || true
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
echo "== ferry-info"
./ferry-info || status=1

echo "== multi-device ($gpus GPU(s) in one process)"
if ./multi-device "$gpus"; then pass multi-device; else fail multi-device; fi
if [ "$gpus" -gt 1 ]; then
  if ACC_DEVICE_NUM=1 ./multi-device "$gpus"; then pass "multi-device (ACC_DEVICE_NUM=1)"
  else fail "multi-device (ACC_DEVICE_NUM=1)"; fi
fi

echo "== host-data-host-access (a device address read by host code: named, then the fault)"
./host-data-host-access > host-access.out 2>&1; rc=$?
if [ $rc -ne 0 ] && grep -q "ferry: error: host code read device memory at .* of nvidia device 0" host-access.out; then
  pass host-data-host-access; cat host-access.out
else
  fail "host-data-host-access (exit $rc)"; cat host-access.out
fi

echo "== MPI + OpenACC stencil: 1, 2 and 4 ranks (two ranks per GPU at 4), results against one rank"
size=(--nx 384 --ny 203 --steps 40 --check)
expected=
for ranks in 1 2 4; do
  for halo in update overlap; do
    out=$(mpirun -np $ranks ./stencil "${size[@]}" --halo $halo 2>&1); rc=$?
    sum=$(echo "$out" | sed -n 's/^stencil: checksum //p')
    expected=${expected:-$sum}
    if [ $rc -eq 0 ] && echo "$out" | grep -q '^stencil: ok' && [ "$sum" = "$expected" ]; then
      pass "stencil $ranks rank(s), halo $halo"
    else
      fail "stencil $ranks rank(s), halo $halo (exit $rc)"; echo "$out" | head -20
    fi
  done
done

echo "== --halo device with this MPI (not CUDA-aware): the example says so"
out=$(mpirun -np 2 ./stencil "${size[@]}" --halo device 2>&1); rc=$?
echo "$out" | head -5
if [ $rc -ne 0 ] && echo "$out" | grep -q "stencil: --halo device hands device addresses to MPI, but this MPI library is not CUDA-aware (built without CUDA support)"; then
  pass "stencil --halo device refused"
else
  fail "stencil --halo device refused (exit $rc)"
fi
echo "== --halo device --trust-mpi: MPI faults on the device address; Ferry names it"
out=$(timeout 120 mpirun -np 2 ./stencil "${size[@]}" --halo device --trust-mpi 2>&1); rc=$?
echo "$out" | grep -m3 "ferry: error: host code" || echo "$out" | head -30
if [ $rc -ne 0 ] && echo "$out" | grep -q "ferry: error: host code \(read\|wrote to\) device memory at .* of nvidia device"; then
  pass "stencil --halo device --trust-mpi named"
else
  fail "stencil --halo device --trust-mpi named (exit $rc)"; echo "$out" | tail -20
fi

if [ "$gpus" -ge 2 ]; then
  echo "== bench/mpi: scaling on 2 GPUs"
  ./scaling.sh ./stencil mpirun || status=1
else
  echo "== bench/mpi: not run (one GPU)"
fi
exit $status
