#!/usr/bin/env bash
# Compares two builds of the programs of bench/cuda/ on this machine's GPU:
#   bash compare.sh [--small] [--runs N] NVCC_DIR FERRY_DIR
# NVCC_DIR holds the programs built by NVIDIA's nvcc, FERRY_DIR the same programs built by
# ferry-nvcc, under the same names. Each program runs N times (default 3) from each directory,
# alternating, and the median of its reported TIME is compared; launch_overhead's LAUNCH lines
# likewise. Prints Markdown tables: kernel times with the ratio nvcc/Ferry (above 1: Ferry's build
# is faster) and their geometric mean, and the launch overhead with Ferry's difference in
# microseconds. --small passes --small to every program (a quick check, not a measurement).
# Exit status: 0 when every run printed PASS (and its TIME or LAUNCH lines) and exited 0, 1
# otherwise, 2 on bad usage. Needs only bash, coreutils and awk.
# FERRY_BENCH_TIMEOUT: seconds allowed per run (default 600; used when `timeout` exists).
set -u

programs=(stream_triad sgemm_tiled reduce_shfl stencil2d histogram nbody transpose)
target_ratio=0.9    # geometric mean of nvcc time / Ferry time, at least
target_launch=1.0   # Ferry's launch minus nvcc's, in microseconds, at most

usage() {
  echo "usage: $0 [--small] [--runs N] NVCC_DIR FERRY_DIR" >&2
  exit 2
}

small=()
runs=3
dirs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --small) small=(--small) ;;
    --runs)
      [ $# -ge 2 ] || usage
      runs=$2
      shift
      ;;
    --runs=*) runs=${1#--runs=} ;;
    -h | --help) usage ;;
    -*) usage ;;
    *) dirs+=("$1") ;;
  esac
  shift
done
[ ${#dirs[@]} -eq 2 ] || usage
case "$runs" in '' | *[!0-9]* | 0) usage ;; esac
nvcc_dir=${dirs[0]}
ferry_dir=${dirs[1]}
for d in "$nvcc_dir" "$ferry_dir"; do
  [ -d "$d" ] || { echo "$0: $d: not a directory" >&2; exit 2; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
timeout_s=${FERRY_BENCH_TIMEOUT:-600}
failures=0

# run_one LABEL BINARY OUTFILE: runs BINARY, returns 0 when it exited 0 and printed PASS.
run_one() {
  local label=$1 bin=$2 out=$3 rc
  if [ ! -x "$bin" ]; then
    echo "missing or not executable: $bin" > "$out"
    return 1
  fi
  if command -v timeout > /dev/null 2>&1; then
    timeout "$timeout_s" "$bin" "${small[@]}" > "$out" 2>&1
  else
    "$bin" "${small[@]}" > "$out" 2>&1
  fi
  rc=$?
  if [ $rc -ne 0 ] || ! grep -qx 'PASS' "$out"; then
    echo "$label: FAILED (exit status $rc):" >&2
    tail -n 20 "$out" | sed 's/^/    /' >&2
    return 1
  fi
  return 0
}

# median VALUES...: the median (mean of the middle two for an even count).
median() {
  printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1}
    END {
      if (NR == 0) exit 1
      if (NR % 2) printf "%.4f\n", v[(NR + 1) / 2]
      else printf "%.4f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2
    }'
}

# measure NAME KEY...: runs NAME from both directories $runs times, alternating; for each KEY
# (a TIME name or a LAUNCH kind), stores the medians in med_nvcc[KEY] and med_ferry[KEY] ("FAIL"
# when a run failed or did not print the line).
declare -A med_nvcc med_ferry
measure() {
  local name=$1 side dir bin out key val r ok_nvcc=1 ok_ferry=1
  shift
  declare -A vals_nvcc vals_ferry
  for ((r = 1; r <= runs; ++r)); do
    for side in nvcc ferry; do
      if [ $side = nvcc ]; then dir=$nvcc_dir; else dir=$ferry_dir; fi
      [ $side = nvcc ] && [ $ok_nvcc = 0 ] && continue
      [ $side = ferry ] && [ $ok_ferry = 0 ] && continue
      bin=$dir/$name
      out=$tmp/$name.$side.$r
      echo "  $name ($side, run $r of $runs)" >&2
      if ! run_one "$name ($side build, run $r)" "$bin" "$out"; then
        if [ $side = nvcc ]; then ok_nvcc=0; else ok_ferry=0; fi
        continue
      fi
      for key in "$@"; do
        # One line "TIME <key> <ms>" or "LAUNCH <key> <us>".
        val=$(awk -v k="$key" '($1 == "TIME" || $1 == "LAUNCH") && $2 == k && NF == 3 {
                n++; v = $3 } END { if (n == 1 && v ~ /^[0-9.eE+-]+$/) print v }' "$out")
        if [ -z "$val" ]; then
          echo "$name ($side build, run $r): no single TIME/LAUNCH line for $key" >&2
          if [ $side = nvcc ]; then ok_nvcc=0; else ok_ferry=0; fi
          continue
        fi
        if [ $side = nvcc ]; then
          vals_nvcc[$key]+=" $val"
        else
          vals_ferry[$key]+=" $val"
        fi
      done
    done
  done
  [ $ok_nvcc = 1 ] || failures=$((failures + 1))
  [ $ok_ferry = 1 ] || failures=$((failures + 1))
  for key in "$@"; do
    if [ $ok_nvcc = 1 ]; then
      # shellcheck disable=SC2086
      med_nvcc[$key]=$(median ${vals_nvcc[$key]})
    else
      med_nvcc[$key]=FAIL
    fi
    if [ $ok_ferry = 1 ]; then
      # shellcheck disable=SC2086
      med_ferry[$key]=$(median ${vals_ferry[$key]})
    else
      med_ferry[$key]=FAIL
    fi
  done
}

if command -v nvidia-smi > /dev/null 2>&1; then
  gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2> /dev/null | head -n 1)
  [ -n "$gpu" ] && echo "GPU: $gpu"
fi
echo "nvcc builds: $nvcc_dir; Ferry builds: $ferry_dir; $runs runs each, medians${small:+ (--small)}"
echo

for p in "${programs[@]}"; do
  measure "$p" "$p"
done
measure launch_overhead sync async

echo "| program | nvcc ms | Ferry ms | ratio nvcc/Ferry |"
echo "|---|---:|---:|---:|"
ratios=()
for p in "${programs[@]}"; do
  a=${med_nvcc[$p]} b=${med_ferry[$p]}
  if [ "$a" = FAIL ] || [ "$b" = FAIL ]; then
    ratio=-
  else
    ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { if (a > 0 && b > 0) printf "%.3f", a / b; else print "-" }')
  fi
  [ "$ratio" != - ] && ratios+=("$ratio")
  echo "| $p | $a | $b | $ratio |"
done
echo
if [ ${#ratios[@]} -gt 0 ]; then
  printf '%s\n' "${ratios[@]}" | awk -v t="$target_ratio" -v total=${#programs[@]} '
    { s += log($1); n++ }
    END {
      g = exp(s / n)
      printf "Geometric mean of nvcc/Ferry over %d of %d programs: %.3f (target >= %.2f: %s)\n",
             n, total, g, t, (g >= t ? "met" : "NOT met")
    }'
else
  echo "Geometric mean of nvcc/Ferry: no program ran on both builds"
fi
echo

echo "| launch | nvcc us | Ferry us | Ferry - nvcc us |"
echo "|---|---:|---:|---:|"
launch_ok=1
launch_met=1
for k in sync async; do
  a=${med_nvcc[$k]} b=${med_ferry[$k]}
  if [ "$a" = FAIL ] || [ "$b" = FAIL ]; then
    d=-
    launch_ok=0
  else
    d=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%+.3f", b - a }')
    awk -v d="$d" -v t="$target_launch" 'BEGIN { exit !(d + 0 <= t) }' || launch_met=0
  fi
  echo "| $k | $a | $b | $d |"
done
echo
if [ $launch_ok = 1 ]; then
  if [ $launch_met = 1 ]; then m=met; else m="NOT met"; fi
  echo "Launch overhead: Ferry adds at most +$target_launch us per launch: $m"
fi

if [ $failures -gt 0 ]; then
  echo
  echo "FAILED: $failures program build(s) did not PASS (see above)"
  exit 1
fi
exit 0
