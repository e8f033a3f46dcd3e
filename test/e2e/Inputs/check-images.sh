#!/usr/bin/env bash
# check-images.sh FERRY-INFO LLVM-READELF PROGRAM
# The device images the plugin embedded in PROGRAM (compile-only check: no
# AMD GPU is needed): one HSA code object per default AMD target whose ELF
# header says AMDGPU and whose metadata names that target, and PTX; every
# image defines the same region kernels. Silent on success; says what is
# wrong otherwise.
set -euo pipefail
info=$1 readelf=$2 prog=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$info" --extract "$dir" "$prog" > "$dir/list"
fail() { echo "check-images: $prog: $*" >&2; exit 1; }
# Kernels of all images for one target (a program of several translation
# units embeds one package per unit; an image of routines has none).
kernels() { # ARCH EXT
  local f
  for f in $(grep "\.$1\.$2\$" "$dir/list"); do
    if [ "$2" = ptx ]; then
      { grep -o '^\.visible \.entry [A-Za-z0-9_]*' "$f" || true; } | awk '{print $3}'
    else
      "$readelf" --notes "$f" | { grep -o '\.name: *__ferry_[A-Za-z0-9_]*' || true; } |
        awk '{print $2}'
    fi
  done | sort
}
grep -q '\.ptx$' "$dir/list" || fail "no PTX image"
want=$(kernels 'sm_[0-9]*' ptx)
[ -n "$want" ] || fail "the PTX image has no region kernels"
for arch in gfx90a gfx942 gfx1030 gfx1100; do
  grep -q "\.$arch\.hsaco$" "$dir/list" || fail "no code object for $arch"
  for obj in $(grep "\.$arch\.hsaco$" "$dir/list"); do
    [[ $("$readelf" -h "$obj") == *"Machine:"*EM_AMDGPU* ]] || fail "$arch: not an AMDGPU ELF file"
    "$readelf" --notes "$obj" > "$dir/notes"
    grep -q "amdhsa.target: *amdgcn-amd-amdhsa--$arch" "$dir/notes" ||
      fail "$arch: metadata names another target: $(grep amdhsa.target "$dir/notes")"
    # (An image of routines has no kernels.)
    if grep -q '^ *\.name:' "$dir/notes"; then
      grep -q '\.kernarg_segment_size' "$dir/notes" || fail "$arch: kernels without kernarg metadata"
    fi
  done
  got=$(kernels "$arch" hsaco)
  [ "$got" = "$want" ] || fail "$arch: kernels differ from the PTX's: $(echo $got) vs $(echo $want)"
done
