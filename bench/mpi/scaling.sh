#!/usr/bin/env bash
# Scaling of examples/mpi/stencil.cpp (MPI + OpenACC, one rank per GPU) on
# the GPUs of one machine: the stencil at a size that keeps one GPU busy on
# 1 rank, then on 2 ranks (strong scaling: the same grid, the target is
# >= 1.8x), and 2x the grid on 2 ranks (weak scaling: the target is >= 0.9
# efficiency), each with the halos exchanged through update host/device on
# the same queue as the sweep (update) and overlapped with the interior sweep
# on a second async queue (overlap). Times are the steps alone, the slowest
# rank's, best of STENCIL_REPEAT runs.
#   bench/mpi/scaling.sh STENCIL [MPIRUN]   (scripts/h100-mpi-run.sh runs it)
set -uo pipefail
stencil=${1:?usage: scaling.sh STENCIL [MPIRUN]}
mpirun=${2:-mpirun}
nx=${STENCIL_NX:-16384}
ny=${STENCIL_NY:-16384}
steps=${STENCIL_STEPS:-500}
repeat=${STENCIL_REPEAT:-2}
ny2=$(( 2 * (ny - 2) + 2 )) # twice the computed rows

# seconds RANKS NY HALO: the best time of $repeat runs
seconds() {
  local best= t
  for _ in $(seq "$repeat"); do
    t=$("$mpirun" -np "$1" "$stencil" --nx "$nx" --ny "$2" --steps "$steps" --halo "$3" --time |
        sed -n 's/^stencil: .* halo [a-z]*: \([0-9.]*\) s,.*/\1/p')
    [ -n "$t" ] || { echo "scaling: the stencil failed ($1 ranks, $nx x $2, halo $3)" >&2; return 1; }
    if [ -z "$best" ] || awk "BEGIN {exit !($t < $best)}"; then best=$t; fi
  done
  echo "$best"
}

status=0
printf '%-8s %5s %14s %6s %10s %10s %s\n' halo ranks grid steps "time (s)" Gcells/s "ratio"
for halo in update overlap; do
  t1=$(seconds 1 "$ny" "$halo") || { status=1; continue; }
  t2=$(seconds 2 "$ny" "$halo") || { status=1; continue; }
  tw=$(seconds 2 "$ny2" "$halo") || { status=1; continue; }
  rate() { awk "BEGIN {printf \"%.2f\", ($2 - 2) * ($nx - 2) * $steps / $1 * 1e-9}"; }
  strong=$(awk "BEGIN {printf \"%.2f\", $t1 / $t2}")
  weak=$(awk "BEGIN {printf \"%.2f\", $t1 / $tw}")
  printf '%-8s %5s %14s %6s %10s %10s %s\n' "$halo" 1 "${nx}x${ny}" "$steps" "$t1" "$(rate "$t1" "$ny")" ""
  printf '%-8s %5s %14s %6s %10s %10s %s\n' "$halo" 2 "${nx}x${ny}" "$steps" "$t2" "$(rate "$t2" "$ny")" \
    "strong scaling ${strong}x (target >= 1.8)"
  printf '%-8s %5s %14s %6s %10s %10s %s\n' "$halo" 2 "${nx}x${ny2}" "$steps" "$tw" "$(rate "$tw" "$ny2")" \
    "weak scaling efficiency ${weak} (target >= 0.9)"
done
exit $status
