#!/usr/bin/env bash
# On the GPU machine (copied to .devcudart/run.sh by `scripts/h100.sh
# prepare-cudart`): runs the whole CUDA programs ferry-nvcc built (each must
# end with PASS; assert must also report ASSERT-CAUGHT), then bench/cuda/
# (nvcc's build and Ferry's side by side). Exits non-zero on any failure.
cd "$(dirname "$0")"
status=0
pass=0
fail=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/GPU: /'
for prog in tests/*; do
  name=$(basename "$prog")
  out=$(timeout 300 "$prog" 2> "/tmp/$name.err")
  rc=$?
  last=$(printf '%s\n' "$out" | tail -1)
  ok=1
  [ $rc -eq 0 ] && [ "$last" = PASS ] || ok=0
  [ "$name" = assert ] && ! printf '%s\n' "$out" | grep -q ASSERT-CAUGHT && ok=0
  if [ $ok -eq 1 ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    status=1
    echo "FAIL $name (exit $rc): $(printf '%s\n' "$out" | tail -3 | tr '\n' ' ')"
    head -c 600 "/tmp/$name.err"
  fi
done
echo "whole CUDA programs built by ferry-nvcc: $pass passed, $fail failed"
echo "== bench/cuda: nvcc vs ferry-nvcc, same sources"
bash bench/compare.sh bench/nvcc bench/ferry || status=1
exit $status
