; v_perm_b32 (llvm.amdgcn.perm) under the emulator, against values worked
; out from the ISA's byte_permute: selector bytes 0-7 pick bytes of
; {S0, S1} (S1 the low word), 8-11 spread the sign of byte 1 or 3 of S1 or
; S0, 12 gives zero, 13 and above 0xff. The translation's tensor-core
; products choose half-wave fragments with it (passes/MatrixOps.cpp).
; S0 = 0x8899AABB, S1 = 0x44332211.
; RUN: %ferry-emu-check %s --input-amdgpu --arch=gfx90a --reference-only --spec=%S/Inputs/amdgpu-perm.spec --print | %FileCheck %s
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @amd_perm(ptr addrspace(1) %out) {
entry:
  ; 0x07060504: S0 whole; 0x03020100: S1 whole; 0x0c0c0c0c: zero
  %a = call i32 @llvm.amdgcn.perm(i32 -2003195205, i32 1144201745, i32 117835012)
  store i32 %a, ptr addrspace(1) %out
  %b = call i32 @llvm.amdgcn.perm(i32 -2003195205, i32 1144201745, i32 50462976)
  %pb = getelementptr i32, ptr addrspace(1) %out, i64 1
  store i32 %b, ptr addrspace(1) %pb
  %c = call i32 @llvm.amdgcn.perm(i32 -2003195205, i32 1144201745, i32 202116108)
  %pc = getelementptr i32, ptr addrspace(1) %out, i64 2
  store i32 %c, ptr addrspace(1) %pc
  ; 0x0d0e0f0c: 0xff 0xff 0xff 0x00
  %d = call i32 @llvm.amdgcn.perm(i32 -2003195205, i32 1144201745, i32 219025164)
  %pd = getelementptr i32, ptr addrspace(1) %out, i64 3
  store i32 %d, ptr addrspace(1) %pd
  ; 0x0b0a0908: signs of S0 bit 31, S0 bit 15, S1 bit 31, S1 bit 15
  %e = call i32 @llvm.amdgcn.perm(i32 -2003195205, i32 1144201745, i32 185207048)
  %pe = getelementptr i32, ptr addrspace(1) %out, i64 4
  store i32 %e, ptr addrspace(1) %pe
  ; 0x00070106: S1 byte 0, S0 byte 3, S1 byte 1, S0 byte 2 = 0x11882299
  %f = call i32 @llvm.amdgcn.perm(i32 -2003195205, i32 1144201745, i32 459014)
  %pf = getelementptr i32, ptr addrspace(1) %out, i64 5
  store i32 %f, ptr addrspace(1) %pf
  ret void
}

declare i32 @llvm.amdgcn.perm(i32, i32, i32)
; CHECK: amd_perm arg1: -2003195205 1144201745 0 -256 -65536 294134425
