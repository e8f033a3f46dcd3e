#!/usr/bin/env bash
# Translate+lower latency to HSA code objects, cold and from the compile
# cache, for a small kernel (test/codegen/Inputs/kernel.ll) and for the whole
# translation corpus, per target.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRY_BUILD_DIR:-$root/build}
"$root/scripts/build.sh"
"$build/bench/compile_latency" "$root/test/codegen/Inputs/kernel.ll" \
  "$root"/test/translate/corpus/nolib/*.ll "$root"/test/translate/corpus/libdevice/*.ll
