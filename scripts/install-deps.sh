#!/usr/bin/env bash
# Installs exactly the Debian 12 packages Ferry needs to build and test.
# Idempotent: does nothing (not even `apt-get update`) when every package is present.
# Must run as root (or through sudo). The CUDA toolkit at /usr/local/cuda is optional
# and never installed here.
set -euo pipefail

PACKAGES=(
  # compiler side: LLVM/Clang/lld 19 as Debian ships them (shared LLVM and Clang libraries)
  clang-19 libclang-19-dev llvm-19 llvm-19-dev llvm-19-tools lld-19 liblld-19-dev
  zlib1g-dev libzstd-dev
  # ROCm 5.2.3: device-library bitcode, ROCR and comgr headers (the runtime dlopens the libraries)
  rocm-device-libs libhsa-runtime-dev libamd-comgr-dev
  # HIP 5.2.3 headers: the corpus compiled as HIP for bench/hip-compare
  libamdhip64-dev
  # runtime helpers and tests
  libelf-dev libmsgpack-cxx-dev googletest libgtest-dev
  # the emulator: work-items as fibers
  libboost-context-dev
  # build tools; python3 runs lit
  cmake ninja-build python3
  # test/cuda/build-systems.test builds a Makefile project with ferry-nvcc
  make
  # sanitizer and libFuzzer runtimes of clang 19 (scripts/sanitize.sh, scripts/fuzz.sh)
  libclang-rt-19-dev
  # OpenMP for clang 19: host OpenMP in CUDA programs (ferry-nvcc -Xcompiler -fopenmp)
  libomp-19-dev
  # MPI + OpenACC: examples/mpi and its test (find_package(MPI), mpirun)
  libopenmpi-dev openmpi-bin
  # the package test builds Ferry::rt and Ferry::compiler users with gcc/g++
  g++
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

SUDO=
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root to install: ${missing[*]}" >&2; exit 1; }
  SUDO=sudo
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
