#!/usr/bin/env bash
# Copies this machine's Open MPI 4.1 (Debian 12: openmpi-bin, libopenmpi3,
# openmpi-common, libpmix2) into a self-contained, relocatable directory, so
# that MPI programs built here run under `mpirun` on a machine without Open
# MPI, or with another one (the GPU machine has Ubuntu's Open MPI 4.1.6 and
# PMIx 5, which env.sh keeps out), and without network or ssh.
# scripts/h100.sh calls it to carry Open MPI to the GPU machine for the MPI
# example.
#   scripts/carry-mpi.sh DIR     here: DIR/{bin,lib,share,etc} and DIR/env.sh
#   source DIR/env.sh            there (from any directory), then
#   mpirun -np 4 ./program
# Only single-host jobs over shared memory: the MCA components that need UCX,
# libfabric (OFI), PSM/PSM2, verbs, netlink or OpenSHMEM are left out, and
# env.sh selects the self and vader transports.
set -euo pipefail
dir=${1:?usage: carry-mpi.sh DIR}
arch=/usr/lib/x86_64-linux-gnu
ompi_components=$arch/openmpi/lib/openmpi3
pmix_components=$arch/pmix2/lib/pmix
if [ ! -x /usr/bin/orterun ] || [ ! -d "$ompi_components" ] || [ ! -d "$pmix_components" ]; then
  echo "carry-mpi.sh: needs Debian's openmpi-bin, libopenmpi3 and libpmix2" >&2
  exit 1
fi

# Not copied: glibc (libc, libm, libpthread, libdl, librt, ld-linux) must
# match the other machine's dynamic loader, and it runs programs built here,
# so its glibc is new enough (the newest symbol version these files ask for
# is GLIBC_2.36, arc4random in libevent; the GPU machine has 2.39). Nor
# libstdc++ and libgcc_s: only libmpi_cxx needs them (GLIBCXX_3.4,
# CXXABI_1.3.9), and only C++ programs load it, which need the machine's
# libstdc++ themselves.
system_lib='^(libc|libm|libpthread|libdl|librt|libstdc\+\+|libgcc_s)\.so|^ld-linux|^linux-vdso'
# Copied: every other library the kept files need (Open MPI's and PMIx's
# own, hwloc, libevent, zlib, libudev, libmunge: about 6 MiB). A component
# that needs anything else (UCX, libfabric, PSM, verbs, libnl, liboshmem,
# libnuma, ...) is left out.
carried_lib='^(libmpi|libmpi_cxx|libopen-pal|libopen-rte|libmca_common_(sm|ompio|monitoring)|libpmix|libmunge|libhwloc|libevent_core-2\.1|libevent_pthreads-2\.1|libz|libudev)\.so'

# "soname path" of each library FILE... loads (ldd gives the whole closure;
# path "-" where ldd finds none).
needs() {
  ldd "$@" | awk '$2 == "=>" {print $1, ($3 ~ /^\// ? $3 : "-")}' | sort -u
}
# Whether every library FILE needs is found and either glibc's or carried.
carriable() {
  local name path
  while read -r name path; do
    [ "$path" != - ] || return 1
    [[ $name =~ $system_lib || $name =~ $carried_lib ]] || return 1
  done < <(needs "$1")
}

rm -rf "$dir"
mkdir -p "$dir/bin" "$dir/lib/openmpi" "$dir/lib/pmix" "$dir/lib/hwloc" \
         "$dir/share/openmpi" "$dir/share/pmix" "$dir/etc"
dir=$(cd "$dir" && pwd)

# Programs: mpirun (orterun, also as mpiexec), orted (what mpirun would start
# on other hosts) and ompi_info (to check the paths there).
cp /usr/bin/orterun "$dir/bin/mpirun"
cp /usr/bin/orterun "$dir/bin/mpiexec"
cp /usr/bin/orted /usr/bin/ompi_info "$dir/bin/"

# MCA components (Open MPI's, then PMIx's), without those that need
# libraries we don't carry.
dropped=()
for f in "$ompi_components"/*.so; do
  if carriable "$f"; then cp "$f" "$dir/lib/openmpi/"; else dropped+=("$(basename "$f" .so)"); fi
done
for f in "$pmix_components"/*.so; do
  if carriable "$f"; then cp "$f" "$dir/lib/pmix/"; else dropped+=("$(basename "$f" .so)"); fi
done

# Libraries: libmpi and libmpi_cxx (which MPI programs link; CMake's
# MPI::MPI_CXX adds -lmpi_cxx), and what they, the programs and the kept
# components load, under their sonames, glibc's left out.
cp -L "$arch/libmpi.so.40" "$arch/libmpi_cxx.so.40" "$dir/lib/"
needs "$dir"/bin/* "$arch/libmpi.so.40" "$arch/libmpi_cxx.so.40" \
      "$dir"/lib/openmpi/*.so "$dir"/lib/pmix/*.so |
  while read -r name path; do
    [[ $name =~ $system_lib ]] && continue
    [[ $name =~ $carried_lib && $path != - ]] ||
      { echo "carry-mpi.sh: unexpected library $name ($path)" >&2; exit 1; }
    cp -L "$path" "$dir/lib/$name"
  done

# hwloc loads its plugins from HWLOC_PLUGINS_PATH; env.sh points it here, so
# the other machine's own (other hwloc versions, CUDA/NVML/PCI) are not loaded.
echo "Intentionally empty: env.sh sets HWLOC_PLUGINS_PATH here." > "$dir/lib/hwloc/README"

# Help texts (the messages Open MPI and PMIx print come from these files) and
# configuration. Open MPI's mca-params file is Debian's (it turns off the
# UCX, OFI and openib components and their warnings); PMIx's names its
# component directory absolutely, so it is written anew (the default is
# PMIX_PKGLIBDIR, which env.sh sets).
cp /usr/share/openmpi/help-*.txt "$dir/share/openmpi/"
cp "$arch"/pmix2/share/pmix/help-*.txt "$dir/share/pmix/"
cp /etc/openmpi/openmpi-mca-params.conf /etc/openmpi/openmpi-default-hostfile "$dir/etc/"
cat > "$dir/etc/pmix-mca-params.conf" <<'CONF'
# PMIx MCA parameters for the carried Open MPI (scripts/carry-mpi.sh).
# Components are found through PMIX_PKGLIBDIR, which env.sh sets.
CONF

cat > "$dir/env.sh" <<'ENV'
# Source this (bash) to use the Open MPI carried by scripts/carry-mpi.sh:
#   source DIR/env.sh && mpirun -np 4 ./program
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# mpirun, orted and ompi_info; libmpi.so.40 and the rest before any the
# machine has (the MPI program names libmpi.so.40 and would otherwise get the
# system's; Open MPI's own files carry only a RUNPATH, which
# LD_LIBRARY_PATH overrides).
export PATH="$here/bin:$PATH"
export LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

# Open MPI's installation directories (opal installdirs "env" component):
# where it looks for its MCA components (OPAL_PKGLIBDIR, the default
# mca_base_component_path), its help texts (OPAL_PKGDATADIR) and
# openmpi-mca-params.conf and the default hostfile (OPAL_SYSCONFDIR),
# instead of the /usr/lib/x86_64-linux-gnu/openmpi/lib/openmpi3,
# /usr/share/openmpi and /etc/openmpi compiled in.
export OPAL_PREFIX="$here"
export OPAL_EXEC_PREFIX="$here"
export OPAL_BINDIR="$here/bin"
export OPAL_LIBDIR="$here/lib"
export OPAL_PKGLIBDIR="$here/lib/openmpi"
export OPAL_DATAROOTDIR="$here/share"
export OPAL_DATADIR="$here/share"
export OPAL_PKGDATADIR="$here/share/openmpi"
export OPAL_SYSCONFDIR="$here/etc"

# The same for PMIx (pinstalldirs "env" component; Debian's libpmix has
# /usr/lib/x86_64-linux-gnu/pmix2/{lib,share} compiled in): its components
# (PMIX_PKGLIBDIR), help texts (PMIX_PKGDATADIR) and pmix-mca-params.conf
# (PMIX_SYSCONFDIR). A machine with another PMIx keeps its own components
# there, which this PMIx must not load.
export PMIX_PREFIX="$here"
export PMIX_EXEC_PREFIX="$here"
export PMIX_BINDIR="$here/bin"
export PMIX_LIBDIR="$here/lib"
export PMIX_PKGLIBDIR="$here/lib/pmix"
export PMIX_DATAROOTDIR="$here/share"
export PMIX_DATADIR="$here/share"
export PMIX_PKGDATADIR="$here/share/pmix"
export PMIX_SYSCONFDIR="$here/etc"

# hwloc's plugins (PCI, OpenCL, GL) from the carried, empty directory: the
# machine's own would be for its hwloc version, and Open MPI needs none.
export HWLOC_PLUGINS_PATH="$here/lib/hwloc"

# Commands there run as root, which mpirun refuses unless both are set.
export OMPI_ALLOW_RUN_AS_ROOT=1
export OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# More ranks than the cores (slots) hwloc reports: a container may show few.
export OMPI_MCA_rmaps_base_oversubscribe=1
# Launch on this host only: mpirun forks the ranks itself. The default
# launcher (rsh) aborts mpirun, even for local ranks, where neither ssh nor
# rsh is on PATH.
export OMPI_MCA_plm=isolated
# Don't pin ranks to cores: a sandbox may not support or report binding, and
# several mpiruns at once would pin their ranks to the same cores.
export OMPI_MCA_hwloc_base_binding_policy=none
# Point-to-point through ob1 over the BTLs (not cm over an MTL, not UCX:
# their components are not carried), and only the self (same process) and
# vader (shared memory) BTLs: no TCP, InfiniBand or OFI probing.
export OMPI_MCA_pml=ob1
export OMPI_MCA_btl=self,vader
# vader copies large messages through its shared-memory segment, not with
# CMA (process_vm_readv needs ptrace rights a container may not grant),
# XPMEM or KNEM.
export OMPI_MCA_btl_vader_single_copy_mechanism=none
# One-sided communication: osc_ucx and osc_pt2pt are already excluded by
# the carried openmpi-mca-params.conf (Debian's), osc_ucx is not carried;
# sm and rdma (over vader) remain. No MTL is opened with pml=ob1.

# PMIx keeps the job's data in each process (hash) rather than in its
# shared-memory store (dstore), whose process-shared locks are a known
# failure in containers; a small job doesn't need it.
export PMIX_MCA_gds=hash
ENV
printf 'carry-mpi.sh: left out %s\n' "${dropped[*]}"
du -sh "$dir"
