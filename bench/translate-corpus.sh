#!/usr/bin/env bash
# Translation speed: the whole corpus (test/translate/corpus, both forms) for
# each target, in process, best of 5 rounds, next to the time to parse it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRY_BUILD_DIR:-$root/build}
"$root/scripts/build.sh"
corpus=("$root"/test/translate/corpus/nolib/*.ll "$root"/test/translate/corpus/libdevice/*.ll)
for target in gfx90a gfx942 gfx1030 gfx1100; do
  "$build/bench/translate_corpus" "$target" "${corpus[@]}"
done
