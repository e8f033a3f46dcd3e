; AMDGPU cross-lane operations under the emulator, in wave64 (gfx90a) and
; wave32 (gfx1100), against values worked out from the ISA: ds_bpermute
; (byte address / 4, wrapping at the wave), ballot, mbcnt, readlane,
; readfirstlane, inverse.ballot (each lane's bit of a mask: Ferry's EMU32
; warps select their half with it) and the work-group reduction of
; __ockl_wgred_add.
; 64 work-items: one wave on gfx90a, two on gfx1100.
; RUN: %ferry-emu-check %s --input-amdgpu --arch=gfx90a --reference-only --spec=%S/Inputs/amdgpu-ops.spec --print | %FileCheck %s --check-prefix=W64
; RUN: %ferry-emu-check %s --input-amdgpu --arch=gfx1100 --reference-only --spec=%S/Inputs/amdgpu-ops.spec --print | %FileCheck %s --check-prefix=W32
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @amd_ops(ptr addrspace(1) %perm, ptr addrspace(1) %ballot, ptr addrspace(1) %mbcnt, ptr addrspace(1) %lane5, ptr addrspace(1) %first, ptr addrspace(1) %wgsum, ptr addrspace(1) %inv) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %i = zext i32 %t to i64
  ; from lane t + 3 (wrapping at the wave)
  %n = add i32 %t, 3
  %addr = shl i32 %n, 2
  %v = call i32 @llvm.amdgcn.ds.bpermute(i32 %addr, i32 %t)
  %p0 = getelementptr i32, ptr addrspace(1) %perm, i64 %i
  store i32 %v, ptr addrspace(1) %p0
  ; ballot of t % 5 == 0 (low 32 bits)
  %m5 = urem i32 %t, 5
  %c = icmp eq i32 %m5, 0
  %b = call i64 @llvm.amdgcn.ballot.i64(i1 %c)
  %b32 = trunc i64 %b to i32
  %p1 = getelementptr i32, ptr addrspace(1) %ballot, i64 %i
  store i32 %b32, ptr addrspace(1) %p1
  ; mbcnt of all ones: the lane id within the wave
  %lo = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %hi = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %lo)
  %p2 = getelementptr i32, ptr addrspace(1) %mbcnt, i64 %i
  store i32 %hi, ptr addrspace(1) %p2
  ; readlane 5 of t * 2
  %t2 = mul i32 %t, 2
  %r = call i32 @llvm.amdgcn.readlane.i32(i32 %t2, i32 5)
  %p3 = getelementptr i32, ptr addrspace(1) %lane5, i64 %i
  store i32 %r, ptr addrspace(1) %p3
  ; readfirstlane among the odd work-items only
  %odd = and i32 %t, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %oddpath, label %join
oddpath:
  %f = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %t)
  %p4 = getelementptr i32, ptr addrspace(1) %first, i64 %i
  store i32 %f, ptr addrspace(1) %p4
  br label %join
join:
  %s = call i32 @__ockl_wgred_add_i32(i32 %t)
  %p5 = getelementptr i32, ptr addrspace(1) %wgsum, i64 %i
  store i32 %s, ptr addrspace(1) %p5
  ; inverse.ballot of 0xffffffff00000006: lanes 1, 2 and 32-63
  %ib = call i1 @llvm.amdgcn.inverse.ballot.i64(i64 -4294967290)
  %ibz = zext i1 %ib to i32
  %p6 = getelementptr i32, ptr addrspace(1) %inv, i64 %i
  store i32 %ibz, ptr addrspace(1) %p6
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
declare i64 @llvm.amdgcn.ballot.i64(i1)
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32)
declare i32 @llvm.amdgcn.readlane.i32(i32, i32)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
declare i32 @__ockl_wgred_add_i32(i32)
declare i1 @llvm.amdgcn.inverse.ballot.i64(i64)
; W64: amd_ops arg1: 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 0 1 2
; W64: amd_ops arg2: 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657
; W64: amd_ops arg3: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
; W64: amd_ops arg4: 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10
; W64: amd_ops arg5: 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1
; W64: amd_ops arg6: 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016
; W64: amd_ops arg7: 0 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
; W32: amd_ops arg1: 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 0 1 2 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 32 33 34
; W32: amd_ops arg2: 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 1108378657 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664 277094664
; W32: amd_ops arg3: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
; W32: amd_ops arg4: 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74
; W32: amd_ops arg5: 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 33 0 33 0 33 0 33 0 33 0 33 0 33 0 33 0 33 0 33 0 33 0 33 0 33 0 33 0 33 0 33
; W32: amd_ops arg6: 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016 2016
