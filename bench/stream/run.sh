#!/usr/bin/env bash
# On the GPU machine: both STREAM versions, then the ratio table. Exits
# non-zero when either fails its check.
set -uo pipefail
cd "$(dirname "$0")"
n=${1:-134217728}
ACC_DEVICE_TYPE=nvidia ./stream_ferry "$n" > ferry.txt || { echo "stream_ferry failed"; cat ferry.txt; exit 1; }
./stream_cuda "$n" > cuda.txt || { echo "stream_cuda failed"; cat cuda.txt; exit 1; }
echo "kernel      Ferry GB/s    CUDA GB/s   Ferry/CUDA   (n = $n doubles)"
paste ferry.txt cuda.txt | awk '{ printf "%-6s %15.1f %12.1f %12.3f\n", $1, $2, $5, $2 / $5 }'
