#!/usr/bin/env bash
# Runs on the GPU machine (copied to .devjit/run.sh by scripts/h100.sh
# prepare-jit): unpacks the carried libraries, then runs the JIT example on
# the NVIDIA device, its errors-as-values path, the JIT latency benchmark,
# and the e2e programs built with -fplugin-arg-ferry-jit (twice: compiling,
# then from the compile cache).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lib=$(mktemp -d)
for f in "$here"/lib/*.xz; do xz -dc "$f" > "$lib/$(basename "$f" .xz)"; done
tar xJf "$here/amdgcn-bitcode.tar.xz" -C "$lib"
export LD_LIBRARY_PATH=$lib CUDA_PATH=$here/cuda ACC_DEVICE_TYPE=nvidia
export FERRY_DEVICE_LIB_PATH=$lib/bitcode
export FERRY_CACHE_DIR=$(mktemp -d)
status=0
echo "== expr-jit on the GPU =="
"$here/bin/expr-jit" 1000000 || status=1
"$here/bin/expr-jit" 1000000 "a = exp(b) * (c - d) / sqrt(2 + c * c)" \
  "a = sin(b) * sin(b) + cos(b) * cos(b) - 1" || status=1
echo "== expr-jit: an error comes back to the program =="
if "$here/bin/expr-jit" 10 "a = b +" 2>&1; then status=1; fi
echo "== jit latency =="
FERRY_CACHE_DIR=$(mktemp -d) "$here/bin/jit_latency" || status=1
# OpenACC programs whose device code the runtime compiles at their first
# launch (-fplugin-arg-ferry-jit): with an empty compile cache, then again
# with the images the first pass left there.
unset ACC_DEVICE_TYPE
export FERRY_CACHE_DIR=$(mktemp -d)
for pass in "empty compile cache" "compile cache filled"; do
  echo "== e2e programs with device IR only ($pass) =="
  start=$SECONDS
  bash "$here/e2e.sh" "$here" || status=1
  echo "e2e ($pass): $((SECONDS - start)) s"
done
echo "status $status"
exit $status
