#!/usr/bin/env bash
# Runs on the GPU machine (copied beside the programs by scripts/h100.sh
# prepare and prepare-jit): every program of DIR/e2e on the NVIDIA device,
# judged as its RUN lines judge it (the lists DIR/e2e-*.txt and
# DIR/e2e-expected/ that scripts/h100.sh wrote). Prints each result and the
# count; exits non-zero on any failure.
#   e2e.sh DIR
set -uo pipefail
cd "$1"
status=0
# Self-checking and silent: a pass exits 0 and prints nothing (examples
# print their result: exit 0 is a pass). present-error must stop with the
# message naming the absent data.
passed=0; total=0
for prog in e2e/*; do
  name=$(basename "$prog"); total=$((total + 1))
  ACC_DEVICE_TYPE=nvidia timeout "${E2E_TIMEOUT:-60}" "$prog" > "e2e.$name.out" 2>&1; rc=$?
  if [ "${name%-lto}" = present-error ]; then
    if [ $rc -ne 0 ] && grep -q "present(b\[0:n\]) failed" "e2e.$name.out"; then ok=1; else ok=0; fi
  elif [ -f "e2e-expected/$name.txt" ]; then
    # Prints from the device: the same lines as on the host, in any order.
    if [ $rc -eq 0 ] && sort "e2e.$name.out" | diff -q - "e2e-expected/$name.txt" >/dev/null; then
      ok=1
    else
      ok=0; sort "e2e.$name.out" | diff - "e2e-expected/$name.txt" | head -5
    fi
  elif grep -qx "$name" e2e-expect-error.txt 2>/dev/null; then
    # Must stop with a Ferry error (the data it names is not on the device).
    if [ $rc -ne 0 ] && grep -q "ferry: error:" "e2e.$name.out"; then ok=1; else ok=0; fi
  elif grep -qx "$name" e2e-host-memory.txt 2>/dev/null; then
    # Passes where the GPU reaches host memory, else stops saying it does not.
    if { [ $rc -eq 0 ] && [ ! -s "e2e.$name.out" ]; } ||
       { [ $rc -ne 0 ] && grep -q "does not reach host memory" "e2e.$name.out"; }; then ok=1; else ok=0; fi
  elif grep -qx "$name" e2e-expect-messages.txt 2>/dev/null; then
    # Reports misuse and goes on: exit 0 with its messages.
    if [ $rc -eq 0 ] && grep -q "ferry: error:" "e2e.$name.out"; then ok=1; else ok=0; fi
  elif [ $rc -eq 0 ] && { [ ! -s "e2e.$name.out" ] || [ "${name#example-}" != "$name" ]; }; then ok=1
  else ok=0; fi
  if [ $ok = 1 ]; then passed=$((passed + 1)); echo "$name: PASS"
  else echo "$name: FAIL (exit $rc)"; head -20 "e2e.$name.out"; status=1; fi
done
echo "e2e on the GPU: $passed of $total passed"
exit $status
