; ldmatrix and stmatrix (m8n8 .b16, x1/x2/x4, with and without .trans;
; the x2 forms through generic addresses) under the emulator's NVVM model
; (PTX ISA: lane 8m + r holds the address of row r of matrix m; lane t's
; register m holds the elements (t/4, 2(t%4)) and (t/4, 2(t%4) + 1) of
; matrix m, .trans the elements (2(t%4), t/4) and (2(t%4) + 1, t/4)), and
; translated for gfx90a, gfx942 (EMU32: two warps in a wave64 with block 64)
; and gfx1100. Each warp's 256 elements of shared memory hold their index;
; lane l gives the address of row 31 - l, so row r of matrix m is memory
; row 31 - 8m - r (elements 8 (31 - 8m - r) + c). stmatrix writes lane t's
; register m = (2(tn + m)) | (2(tn + m) + 1) << 16 (n matrices) over
; shared memory holding 0xffff; the kernel copies it out widened to i32.
; RUN: %ferry-emu-check %s --spec=%S/Inputs/ldmatrix.spec --reference-only --print | %FileCheck %s
; RUN: %ferry-emu-check %s --spec=%S/Inputs/ldmatrix.spec --arch=gfx90a,gfx942,gfx1100 2>&1 | %count 0
; Block 32 (one warp) of each kernel; e.g. ld_x1 lane 0: 248 | 249 << 16
; = 16318712 (memory row 31), ld_x1_trans lane 0: 248 | 240 << 16
; (column 0 of memory rows 31 and 30), st_x4's memory row 0: lanes 28-31's
; register 3 (row 7 of matrix 3).
; CHECK: ld_x1 arg1: 16318712 16449786 16580860 16711934 15794416 15925490 16056564 16187638 15270120 15401194 15532268 15663342 14745824 14876898 15007972 15139046 14221528 14352602 14483676 14614750 13697232 13828306 13959380 14090454 13172936 13304010 13435084 13566158 12648640 12779714 12910788 13041862
; CHECK: ld_x1_trans arg1: 15728888 14680296 13631704 12583112 15794425 14745833 13697241 12648649 15859962 14811370 13762778 12714186 15925499 14876907 13828315 12779723 15991036 14942444 13893852 12845260 16056573 15007981 13959389 12910797 16122110 15073518 14024926 12976334 16187647 15139055 14090463 13041871
; CHECK: ld_x2_generic arg1: 16318712 12124344 16449786 12255418 16580860 12386492 16711934 12517566 15794416 11600048 15925490 11731122 16056564 11862196 16187638 11993270 15270120 11075752 15401194 11206826 15532268 11337900 15663342 11468974 14745824 10551456 14876898 10682530 15007972 10813604 15139046 10944678 14221528 10027160 14352602 10158234 14483676 10289308 14614750 10420382 13697232 9502864 13828306 9633938 13959380 9765012 14090454 9896086 13172936 8978568 13304010 9109642 13435084 9240716 13566158 9371790 12648640 8454272 12779714 8585346 12910788 8716420 13041862 8847494
; CHECK: ld_x2_trans_generic arg1: 15728888 11534520 14680296 10485928 13631704 9437336 12583112 8388744 15794425 11600057 14745833 10551465 13697241 9502873 12648649 8454281 15859962 11665594 14811370 10617002 13762778 9568410 12714186 8519818 15925499 11731131 14876907 10682539 13828315 9633947 12779723 8585355 15991036 11796668 14942444 10748076 13893852 9699484 12845260 8650892 16056573 11862205 15007981 10813613 13959389 9765021 12910797 8716429 16122110 11927742 15073518 10879150 14024926 9830558 12976334 8781966 16187647 11993279 15139055 10944687 14090463 9896095 13041871 8847503
; CHECK: ld_x4 arg1: 16318712 12124344 7929976 3735608 16449786 12255418 8061050 3866682 16580860 12386492 8192124 3997756 16711934 12517566 8323198 4128830 15794416 11600048 7405680 3211312 15925490 11731122 7536754 3342386 16056564 11862196 7667828 3473460 16187638 11993270 7798902 3604534 15270120 11075752 6881384 2687016 15401194 11206826 7012458 2818090 15532268 11337900 7143532 2949164 15663342 11468974 7274606 3080238 14745824 10551456 6357088 2162720 14876898 10682530 6488162 2293794 15007972 10813604 6619236 2424868 15139046 10944678 6750310 2555942
; CHECK: ld_x4_trans arg1: 15728888 11534520 7340152 3145784 14680296 10485928 6291560 2097192 13631704 9437336 5242968 1048600 12583112 8388744 4194376 8 15794425 11600057 7405689 3211321 14745833 10551465 6357097 2162729 13697241 9502873 5308505 1114137 12648649 8454281 4259913 65545 15859962 11665594 7471226 3276858 14811370 10617002 6422634 2228266 13762778 9568410 5374042 1179674 12714186 8519818 4325450 131082 15925499 11731131 7536763 3342395 14876907 10682539 6488171 2293803 13828315 9633947 5439579 1245211 12779723 8585355 4390987 196619
; CHECK: st_x1 arg1: 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535
; CHECK: st_x1_trans arg1: 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535
; CHECK: st_x2_generic arg1: 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535
; CHECK: st_x2_trans_generic arg1: 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535 65535
; CHECK: st_x4 arg1: 230 231 238 239 246 247 254 255 198 199 206 207 214 215 222 223 166 167 174 175 182 183 190 191 134 135 142 143 150 151 158 159 102 103 110 111 118 119 126 127 70 71 78 79 86 87 94 95 38 39 46 47 54 55 62 63 6 7 14 15 22 23 30 31
; CHECK: st_x4_trans arg1: 31 63 95 127 159 191 223 255 30 62 94 126 158 190 222 254 23 55 87 119 151 183 215 247 22 54 86 118 150 182 214 246 15 47 79 111 143 175 207 239 14 46 78 110 142 174 206 238 7 39 71 103 135 167 199 231 6 38 70 102 134 166 198 230
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [512 x i16] undef, align 16

define void @ld_x1(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %t, 5
  %l = and i32 %t, 31
  %area = mul i32 %w, 256
  %own = mul i32 %l, 8
  %first = add i32 %area, %own
  %i0 = add i32 %first, 0
  %v0 = trunc i32 %i0 to i16
  %q0 = getelementptr i16, ptr addrspace(3) @sh, i32 %i0
  store i16 %v0, ptr addrspace(3) %q0
  %i1 = add i32 %first, 1
  %v1 = trunc i32 %i1 to i16
  %q1 = getelementptr i16, ptr addrspace(3) @sh, i32 %i1
  store i16 %v1, ptr addrspace(3) %q1
  %i2 = add i32 %first, 2
  %v2 = trunc i32 %i2 to i16
  %q2 = getelementptr i16, ptr addrspace(3) @sh, i32 %i2
  store i16 %v2, ptr addrspace(3) %q2
  %i3 = add i32 %first, 3
  %v3 = trunc i32 %i3 to i16
  %q3 = getelementptr i16, ptr addrspace(3) @sh, i32 %i3
  store i16 %v3, ptr addrspace(3) %q3
  %i4 = add i32 %first, 4
  %v4 = trunc i32 %i4 to i16
  %q4 = getelementptr i16, ptr addrspace(3) @sh, i32 %i4
  store i16 %v4, ptr addrspace(3) %q4
  %i5 = add i32 %first, 5
  %v5 = trunc i32 %i5 to i16
  %q5 = getelementptr i16, ptr addrspace(3) @sh, i32 %i5
  store i16 %v5, ptr addrspace(3) %q5
  %i6 = add i32 %first, 6
  %v6 = trunc i32 %i6 to i16
  %q6 = getelementptr i16, ptr addrspace(3) @sh, i32 %i6
  store i16 %v6, ptr addrspace(3) %q6
  %i7 = add i32 %first, 7
  %v7 = trunc i32 %i7 to i16
  %q7 = getelementptr i16, ptr addrspace(3) @sh, i32 %i7
  store i16 %v7, ptr addrspace(3) %q7
  call void @llvm.nvvm.barrier0()
  %rev = sub i32 31, %l
  %rowel = mul i32 %rev, 8
  %rowi = add i32 %area, %rowel
  %row = getelementptr i16, ptr addrspace(3) @sh, i32 %rowi
  %r = call i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16.p3(ptr addrspace(3) %row)
  %o = mul i32 %t, 1
  %o0 = add i32 %o, 0
  %p0 = getelementptr i32, ptr %out, i32 %o0
  store i32 %r, ptr %p0
  ret void
}

define void @ld_x1_trans(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %t, 5
  %l = and i32 %t, 31
  %area = mul i32 %w, 256
  %own = mul i32 %l, 8
  %first = add i32 %area, %own
  %i0 = add i32 %first, 0
  %v0 = trunc i32 %i0 to i16
  %q0 = getelementptr i16, ptr addrspace(3) @sh, i32 %i0
  store i16 %v0, ptr addrspace(3) %q0
  %i1 = add i32 %first, 1
  %v1 = trunc i32 %i1 to i16
  %q1 = getelementptr i16, ptr addrspace(3) @sh, i32 %i1
  store i16 %v1, ptr addrspace(3) %q1
  %i2 = add i32 %first, 2
  %v2 = trunc i32 %i2 to i16
  %q2 = getelementptr i16, ptr addrspace(3) @sh, i32 %i2
  store i16 %v2, ptr addrspace(3) %q2
  %i3 = add i32 %first, 3
  %v3 = trunc i32 %i3 to i16
  %q3 = getelementptr i16, ptr addrspace(3) @sh, i32 %i3
  store i16 %v3, ptr addrspace(3) %q3
  %i4 = add i32 %first, 4
  %v4 = trunc i32 %i4 to i16
  %q4 = getelementptr i16, ptr addrspace(3) @sh, i32 %i4
  store i16 %v4, ptr addrspace(3) %q4
  %i5 = add i32 %first, 5
  %v5 = trunc i32 %i5 to i16
  %q5 = getelementptr i16, ptr addrspace(3) @sh, i32 %i5
  store i16 %v5, ptr addrspace(3) %q5
  %i6 = add i32 %first, 6
  %v6 = trunc i32 %i6 to i16
  %q6 = getelementptr i16, ptr addrspace(3) @sh, i32 %i6
  store i16 %v6, ptr addrspace(3) %q6
  %i7 = add i32 %first, 7
  %v7 = trunc i32 %i7 to i16
  %q7 = getelementptr i16, ptr addrspace(3) @sh, i32 %i7
  store i16 %v7, ptr addrspace(3) %q7
  call void @llvm.nvvm.barrier0()
  %rev = sub i32 31, %l
  %rowel = mul i32 %rev, 8
  %rowi = add i32 %area, %rowel
  %row = getelementptr i16, ptr addrspace(3) @sh, i32 %rowi
  %r = call i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.trans.b16.p3(ptr addrspace(3) %row)
  %o = mul i32 %t, 1
  %o0 = add i32 %o, 0
  %p0 = getelementptr i32, ptr %out, i32 %o0
  store i32 %r, ptr %p0
  ret void
}

define void @ld_x2_generic(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %t, 5
  %l = and i32 %t, 31
  %area = mul i32 %w, 256
  %own = mul i32 %l, 8
  %first = add i32 %area, %own
  %i0 = add i32 %first, 0
  %v0 = trunc i32 %i0 to i16
  %q0 = getelementptr i16, ptr addrspace(3) @sh, i32 %i0
  store i16 %v0, ptr addrspace(3) %q0
  %i1 = add i32 %first, 1
  %v1 = trunc i32 %i1 to i16
  %q1 = getelementptr i16, ptr addrspace(3) @sh, i32 %i1
  store i16 %v1, ptr addrspace(3) %q1
  %i2 = add i32 %first, 2
  %v2 = trunc i32 %i2 to i16
  %q2 = getelementptr i16, ptr addrspace(3) @sh, i32 %i2
  store i16 %v2, ptr addrspace(3) %q2
  %i3 = add i32 %first, 3
  %v3 = trunc i32 %i3 to i16
  %q3 = getelementptr i16, ptr addrspace(3) @sh, i32 %i3
  store i16 %v3, ptr addrspace(3) %q3
  %i4 = add i32 %first, 4
  %v4 = trunc i32 %i4 to i16
  %q4 = getelementptr i16, ptr addrspace(3) @sh, i32 %i4
  store i16 %v4, ptr addrspace(3) %q4
  %i5 = add i32 %first, 5
  %v5 = trunc i32 %i5 to i16
  %q5 = getelementptr i16, ptr addrspace(3) @sh, i32 %i5
  store i16 %v5, ptr addrspace(3) %q5
  %i6 = add i32 %first, 6
  %v6 = trunc i32 %i6 to i16
  %q6 = getelementptr i16, ptr addrspace(3) @sh, i32 %i6
  store i16 %v6, ptr addrspace(3) %q6
  %i7 = add i32 %first, 7
  %v7 = trunc i32 %i7 to i16
  %q7 = getelementptr i16, ptr addrspace(3) @sh, i32 %i7
  store i16 %v7, ptr addrspace(3) %q7
  call void @llvm.nvvm.barrier0()
  %rev = sub i32 31, %l
  %rowel = mul i32 %rev, 8
  %rowi = add i32 %area, %rowel
  %row = getelementptr i16, ptr addrspace(3) @sh, i32 %rowi
  %grow = addrspacecast ptr addrspace(3) %row to ptr
  %r = call { i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.b16.p0(ptr %grow)
  %o = mul i32 %t, 2
  %r0 = extractvalue { i32, i32 } %r, 0
  %o0 = add i32 %o, 0
  %p0 = getelementptr i32, ptr %out, i32 %o0
  store i32 %r0, ptr %p0
  %r1 = extractvalue { i32, i32 } %r, 1
  %o1 = add i32 %o, 1
  %p1 = getelementptr i32, ptr %out, i32 %o1
  store i32 %r1, ptr %p1
  ret void
}

define void @ld_x2_trans_generic(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %t, 5
  %l = and i32 %t, 31
  %area = mul i32 %w, 256
  %own = mul i32 %l, 8
  %first = add i32 %area, %own
  %i0 = add i32 %first, 0
  %v0 = trunc i32 %i0 to i16
  %q0 = getelementptr i16, ptr addrspace(3) @sh, i32 %i0
  store i16 %v0, ptr addrspace(3) %q0
  %i1 = add i32 %first, 1
  %v1 = trunc i32 %i1 to i16
  %q1 = getelementptr i16, ptr addrspace(3) @sh, i32 %i1
  store i16 %v1, ptr addrspace(3) %q1
  %i2 = add i32 %first, 2
  %v2 = trunc i32 %i2 to i16
  %q2 = getelementptr i16, ptr addrspace(3) @sh, i32 %i2
  store i16 %v2, ptr addrspace(3) %q2
  %i3 = add i32 %first, 3
  %v3 = trunc i32 %i3 to i16
  %q3 = getelementptr i16, ptr addrspace(3) @sh, i32 %i3
  store i16 %v3, ptr addrspace(3) %q3
  %i4 = add i32 %first, 4
  %v4 = trunc i32 %i4 to i16
  %q4 = getelementptr i16, ptr addrspace(3) @sh, i32 %i4
  store i16 %v4, ptr addrspace(3) %q4
  %i5 = add i32 %first, 5
  %v5 = trunc i32 %i5 to i16
  %q5 = getelementptr i16, ptr addrspace(3) @sh, i32 %i5
  store i16 %v5, ptr addrspace(3) %q5
  %i6 = add i32 %first, 6
  %v6 = trunc i32 %i6 to i16
  %q6 = getelementptr i16, ptr addrspace(3) @sh, i32 %i6
  store i16 %v6, ptr addrspace(3) %q6
  %i7 = add i32 %first, 7
  %v7 = trunc i32 %i7 to i16
  %q7 = getelementptr i16, ptr addrspace(3) @sh, i32 %i7
  store i16 %v7, ptr addrspace(3) %q7
  call void @llvm.nvvm.barrier0()
  %rev = sub i32 31, %l
  %rowel = mul i32 %rev, 8
  %rowi = add i32 %area, %rowel
  %row = getelementptr i16, ptr addrspace(3) @sh, i32 %rowi
  %grow = addrspacecast ptr addrspace(3) %row to ptr
  %r = call { i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.trans.b16.p0(ptr %grow)
  %o = mul i32 %t, 2
  %r0 = extractvalue { i32, i32 } %r, 0
  %o0 = add i32 %o, 0
  %p0 = getelementptr i32, ptr %out, i32 %o0
  store i32 %r0, ptr %p0
  %r1 = extractvalue { i32, i32 } %r, 1
  %o1 = add i32 %o, 1
  %p1 = getelementptr i32, ptr %out, i32 %o1
  store i32 %r1, ptr %p1
  ret void
}

define void @ld_x4(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %t, 5
  %l = and i32 %t, 31
  %area = mul i32 %w, 256
  %own = mul i32 %l, 8
  %first = add i32 %area, %own
  %i0 = add i32 %first, 0
  %v0 = trunc i32 %i0 to i16
  %q0 = getelementptr i16, ptr addrspace(3) @sh, i32 %i0
  store i16 %v0, ptr addrspace(3) %q0
  %i1 = add i32 %first, 1
  %v1 = trunc i32 %i1 to i16
  %q1 = getelementptr i16, ptr addrspace(3) @sh, i32 %i1
  store i16 %v1, ptr addrspace(3) %q1
  %i2 = add i32 %first, 2
  %v2 = trunc i32 %i2 to i16
  %q2 = getelementptr i16, ptr addrspace(3) @sh, i32 %i2
  store i16 %v2, ptr addrspace(3) %q2
  %i3 = add i32 %first, 3
  %v3 = trunc i32 %i3 to i16
  %q3 = getelementptr i16, ptr addrspace(3) @sh, i32 %i3
  store i16 %v3, ptr addrspace(3) %q3
  %i4 = add i32 %first, 4
  %v4 = trunc i32 %i4 to i16
  %q4 = getelementptr i16, ptr addrspace(3) @sh, i32 %i4
  store i16 %v4, ptr addrspace(3) %q4
  %i5 = add i32 %first, 5
  %v5 = trunc i32 %i5 to i16
  %q5 = getelementptr i16, ptr addrspace(3) @sh, i32 %i5
  store i16 %v5, ptr addrspace(3) %q5
  %i6 = add i32 %first, 6
  %v6 = trunc i32 %i6 to i16
  %q6 = getelementptr i16, ptr addrspace(3) @sh, i32 %i6
  store i16 %v6, ptr addrspace(3) %q6
  %i7 = add i32 %first, 7
  %v7 = trunc i32 %i7 to i16
  %q7 = getelementptr i16, ptr addrspace(3) @sh, i32 %i7
  store i16 %v7, ptr addrspace(3) %q7
  call void @llvm.nvvm.barrier0()
  %rev = sub i32 31, %l
  %rowel = mul i32 %rev, 8
  %rowi = add i32 %area, %rowel
  %row = getelementptr i16, ptr addrspace(3) @sh, i32 %rowi
  %r = call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3) %row)
  %o = mul i32 %t, 4
  %r0 = extractvalue { i32, i32, i32, i32 } %r, 0
  %o0 = add i32 %o, 0
  %p0 = getelementptr i32, ptr %out, i32 %o0
  store i32 %r0, ptr %p0
  %r1 = extractvalue { i32, i32, i32, i32 } %r, 1
  %o1 = add i32 %o, 1
  %p1 = getelementptr i32, ptr %out, i32 %o1
  store i32 %r1, ptr %p1
  %r2 = extractvalue { i32, i32, i32, i32 } %r, 2
  %o2 = add i32 %o, 2
  %p2 = getelementptr i32, ptr %out, i32 %o2
  store i32 %r2, ptr %p2
  %r3 = extractvalue { i32, i32, i32, i32 } %r, 3
  %o3 = add i32 %o, 3
  %p3 = getelementptr i32, ptr %out, i32 %o3
  store i32 %r3, ptr %p3
  ret void
}

define void @ld_x4_trans(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %t, 5
  %l = and i32 %t, 31
  %area = mul i32 %w, 256
  %own = mul i32 %l, 8
  %first = add i32 %area, %own
  %i0 = add i32 %first, 0
  %v0 = trunc i32 %i0 to i16
  %q0 = getelementptr i16, ptr addrspace(3) @sh, i32 %i0
  store i16 %v0, ptr addrspace(3) %q0
  %i1 = add i32 %first, 1
  %v1 = trunc i32 %i1 to i16
  %q1 = getelementptr i16, ptr addrspace(3) @sh, i32 %i1
  store i16 %v1, ptr addrspace(3) %q1
  %i2 = add i32 %first, 2
  %v2 = trunc i32 %i2 to i16
  %q2 = getelementptr i16, ptr addrspace(3) @sh, i32 %i2
  store i16 %v2, ptr addrspace(3) %q2
  %i3 = add i32 %first, 3
  %v3 = trunc i32 %i3 to i16
  %q3 = getelementptr i16, ptr addrspace(3) @sh, i32 %i3
  store i16 %v3, ptr addrspace(3) %q3
  %i4 = add i32 %first, 4
  %v4 = trunc i32 %i4 to i16
  %q4 = getelementptr i16, ptr addrspace(3) @sh, i32 %i4
  store i16 %v4, ptr addrspace(3) %q4
  %i5 = add i32 %first, 5
  %v5 = trunc i32 %i5 to i16
  %q5 = getelementptr i16, ptr addrspace(3) @sh, i32 %i5
  store i16 %v5, ptr addrspace(3) %q5
  %i6 = add i32 %first, 6
  %v6 = trunc i32 %i6 to i16
  %q6 = getelementptr i16, ptr addrspace(3) @sh, i32 %i6
  store i16 %v6, ptr addrspace(3) %q6
  %i7 = add i32 %first, 7
  %v7 = trunc i32 %i7 to i16
  %q7 = getelementptr i16, ptr addrspace(3) @sh, i32 %i7
  store i16 %v7, ptr addrspace(3) %q7
  call void @llvm.nvvm.barrier0()
  %rev = sub i32 31, %l
  %rowel = mul i32 %rev, 8
  %rowi = add i32 %area, %rowel
  %row = getelementptr i16, ptr addrspace(3) @sh, i32 %rowi
  %r = call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3) %row)
  %o = mul i32 %t, 4
  %r0 = extractvalue { i32, i32, i32, i32 } %r, 0
  %o0 = add i32 %o, 0
  %p0 = getelementptr i32, ptr %out, i32 %o0
  store i32 %r0, ptr %p0
  %r1 = extractvalue { i32, i32, i32, i32 } %r, 1
  %o1 = add i32 %o, 1
  %p1 = getelementptr i32, ptr %out, i32 %o1
  store i32 %r1, ptr %p1
  %r2 = extractvalue { i32, i32, i32, i32 } %r, 2
  %o2 = add i32 %o, 2
  %p2 = getelementptr i32, ptr %out, i32 %o2
  store i32 %r2, ptr %p2
  %r3 = extractvalue { i32, i32, i32, i32 } %r, 3
  %o3 = add i32 %o, 3
  %p3 = getelementptr i32, ptr %out, i32 %o3
  store i32 %r3, ptr %p3
  ret void
}

define void @st_x1(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %t, 5
  %l = and i32 %t, 31
  %area = mul i32 %w, 256
  %own = mul i32 %l, 8
  %first = add i32 %area, %own
  %i0 = add i32 %first, 0
  %q0 = getelementptr i16, ptr addrspace(3) @sh, i32 %i0
  store i16 -1, ptr addrspace(3) %q0
  %i1 = add i32 %first, 1
  %q1 = getelementptr i16, ptr addrspace(3) @sh, i32 %i1
  store i16 -1, ptr addrspace(3) %q1
  %i2 = add i32 %first, 2
  %q2 = getelementptr i16, ptr addrspace(3) @sh, i32 %i2
  store i16 -1, ptr addrspace(3) %q2
  %i3 = add i32 %first, 3
  %q3 = getelementptr i16, ptr addrspace(3) @sh, i32 %i3
  store i16 -1, ptr addrspace(3) %q3
  %i4 = add i32 %first, 4
  %q4 = getelementptr i16, ptr addrspace(3) @sh, i32 %i4
  store i16 -1, ptr addrspace(3) %q4
  %i5 = add i32 %first, 5
  %q5 = getelementptr i16, ptr addrspace(3) @sh, i32 %i5
  store i16 -1, ptr addrspace(3) %q5
  %i6 = add i32 %first, 6
  %q6 = getelementptr i16, ptr addrspace(3) @sh, i32 %i6
  store i16 -1, ptr addrspace(3) %q6
  %i7 = add i32 %first, 7
  %q7 = getelementptr i16, ptr addrspace(3) @sh, i32 %i7
  store i16 -1, ptr addrspace(3) %q7
  call void @llvm.nvvm.barrier0()
  %rev = sub i32 31, %l
  %rowel = mul i32 %rev, 8
  %rowi = add i32 %area, %rowel
  %row = getelementptr i16, ptr addrspace(3) @sh, i32 %rowi
  %base = mul i32 %t, 2
  %lo0 = add i32 %base, 0
  %hi0 = add i32 %lo0, 1
  %hs0 = shl i32 %hi0, 16
  %reg0 = or i32 %lo0, %hs0
  call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x1.b16.p3(ptr addrspace(3) %row, i32 %reg0)
  call void @llvm.nvvm.barrier0()
  %s0 = load i16, ptr addrspace(3) %q0
  %z0 = zext i16 %s0 to i32
  %d0 = getelementptr i32, ptr %out, i32 %i0
  store i32 %z0, ptr %d0
  %s1 = load i16, ptr addrspace(3) %q1
  %z1 = zext i16 %s1 to i32
  %d1 = getelementptr i32, ptr %out, i32 %i1
  store i32 %z1, ptr %d1
  %s2 = load i16, ptr addrspace(3) %q2
  %z2 = zext i16 %s2 to i32
  %d2 = getelementptr i32, ptr %out, i32 %i2
  store i32 %z2, ptr %d2
  %s3 = load i16, ptr addrspace(3) %q3
  %z3 = zext i16 %s3 to i32
  %d3 = getelementptr i32, ptr %out, i32 %i3
  store i32 %z3, ptr %d3
  %s4 = load i16, ptr addrspace(3) %q4
  %z4 = zext i16 %s4 to i32
  %d4 = getelementptr i32, ptr %out, i32 %i4
  store i32 %z4, ptr %d4
  %s5 = load i16, ptr addrspace(3) %q5
  %z5 = zext i16 %s5 to i32
  %d5 = getelementptr i32, ptr %out, i32 %i5
  store i32 %z5, ptr %d5
  %s6 = load i16, ptr addrspace(3) %q6
  %z6 = zext i16 %s6 to i32
  %d6 = getelementptr i32, ptr %out, i32 %i6
  store i32 %z6, ptr %d6
  %s7 = load i16, ptr addrspace(3) %q7
  %z7 = zext i16 %s7 to i32
  %d7 = getelementptr i32, ptr %out, i32 %i7
  store i32 %z7, ptr %d7
  ret void
}

define void @st_x1_trans(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %t, 5
  %l = and i32 %t, 31
  %area = mul i32 %w, 256
  %own = mul i32 %l, 8
  %first = add i32 %area, %own
  %i0 = add i32 %first, 0
  %q0 = getelementptr i16, ptr addrspace(3) @sh, i32 %i0
  store i16 -1, ptr addrspace(3) %q0
  %i1 = add i32 %first, 1
  %q1 = getelementptr i16, ptr addrspace(3) @sh, i32 %i1
  store i16 -1, ptr addrspace(3) %q1
  %i2 = add i32 %first, 2
  %q2 = getelementptr i16, ptr addrspace(3) @sh, i32 %i2
  store i16 -1, ptr addrspace(3) %q2
  %i3 = add i32 %first, 3
  %q3 = getelementptr i16, ptr addrspace(3) @sh, i32 %i3
  store i16 -1, ptr addrspace(3) %q3
  %i4 = add i32 %first, 4
  %q4 = getelementptr i16, ptr addrspace(3) @sh, i32 %i4
  store i16 -1, ptr addrspace(3) %q4
  %i5 = add i32 %first, 5
  %q5 = getelementptr i16, ptr addrspace(3) @sh, i32 %i5
  store i16 -1, ptr addrspace(3) %q5
  %i6 = add i32 %first, 6
  %q6 = getelementptr i16, ptr addrspace(3) @sh, i32 %i6
  store i16 -1, ptr addrspace(3) %q6
  %i7 = add i32 %first, 7
  %q7 = getelementptr i16, ptr addrspace(3) @sh, i32 %i7
  store i16 -1, ptr addrspace(3) %q7
  call void @llvm.nvvm.barrier0()
  %rev = sub i32 31, %l
  %rowel = mul i32 %rev, 8
  %rowi = add i32 %area, %rowel
  %row = getelementptr i16, ptr addrspace(3) @sh, i32 %rowi
  %base = mul i32 %t, 2
  %lo0 = add i32 %base, 0
  %hi0 = add i32 %lo0, 1
  %hs0 = shl i32 %hi0, 16
  %reg0 = or i32 %lo0, %hs0
  call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x1.trans.b16.p3(ptr addrspace(3) %row, i32 %reg0)
  call void @llvm.nvvm.barrier0()
  %s0 = load i16, ptr addrspace(3) %q0
  %z0 = zext i16 %s0 to i32
  %d0 = getelementptr i32, ptr %out, i32 %i0
  store i32 %z0, ptr %d0
  %s1 = load i16, ptr addrspace(3) %q1
  %z1 = zext i16 %s1 to i32
  %d1 = getelementptr i32, ptr %out, i32 %i1
  store i32 %z1, ptr %d1
  %s2 = load i16, ptr addrspace(3) %q2
  %z2 = zext i16 %s2 to i32
  %d2 = getelementptr i32, ptr %out, i32 %i2
  store i32 %z2, ptr %d2
  %s3 = load i16, ptr addrspace(3) %q3
  %z3 = zext i16 %s3 to i32
  %d3 = getelementptr i32, ptr %out, i32 %i3
  store i32 %z3, ptr %d3
  %s4 = load i16, ptr addrspace(3) %q4
  %z4 = zext i16 %s4 to i32
  %d4 = getelementptr i32, ptr %out, i32 %i4
  store i32 %z4, ptr %d4
  %s5 = load i16, ptr addrspace(3) %q5
  %z5 = zext i16 %s5 to i32
  %d5 = getelementptr i32, ptr %out, i32 %i5
  store i32 %z5, ptr %d5
  %s6 = load i16, ptr addrspace(3) %q6
  %z6 = zext i16 %s6 to i32
  %d6 = getelementptr i32, ptr %out, i32 %i6
  store i32 %z6, ptr %d6
  %s7 = load i16, ptr addrspace(3) %q7
  %z7 = zext i16 %s7 to i32
  %d7 = getelementptr i32, ptr %out, i32 %i7
  store i32 %z7, ptr %d7
  ret void
}

define void @st_x2_generic(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %t, 5
  %l = and i32 %t, 31
  %area = mul i32 %w, 256
  %own = mul i32 %l, 8
  %first = add i32 %area, %own
  %i0 = add i32 %first, 0
  %q0 = getelementptr i16, ptr addrspace(3) @sh, i32 %i0
  store i16 -1, ptr addrspace(3) %q0
  %i1 = add i32 %first, 1
  %q1 = getelementptr i16, ptr addrspace(3) @sh, i32 %i1
  store i16 -1, ptr addrspace(3) %q1
  %i2 = add i32 %first, 2
  %q2 = getelementptr i16, ptr addrspace(3) @sh, i32 %i2
  store i16 -1, ptr addrspace(3) %q2
  %i3 = add i32 %first, 3
  %q3 = getelementptr i16, ptr addrspace(3) @sh, i32 %i3
  store i16 -1, ptr addrspace(3) %q3
  %i4 = add i32 %first, 4
  %q4 = getelementptr i16, ptr addrspace(3) @sh, i32 %i4
  store i16 -1, ptr addrspace(3) %q4
  %i5 = add i32 %first, 5
  %q5 = getelementptr i16, ptr addrspace(3) @sh, i32 %i5
  store i16 -1, ptr addrspace(3) %q5
  %i6 = add i32 %first, 6
  %q6 = getelementptr i16, ptr addrspace(3) @sh, i32 %i6
  store i16 -1, ptr addrspace(3) %q6
  %i7 = add i32 %first, 7
  %q7 = getelementptr i16, ptr addrspace(3) @sh, i32 %i7
  store i16 -1, ptr addrspace(3) %q7
  call void @llvm.nvvm.barrier0()
  %rev = sub i32 31, %l
  %rowel = mul i32 %rev, 8
  %rowi = add i32 %area, %rowel
  %row = getelementptr i16, ptr addrspace(3) @sh, i32 %rowi
  %base = mul i32 %t, 4
  %lo0 = add i32 %base, 0
  %hi0 = add i32 %lo0, 1
  %hs0 = shl i32 %hi0, 16
  %reg0 = or i32 %lo0, %hs0
  %lo1 = add i32 %base, 2
  %hi1 = add i32 %lo1, 1
  %hs1 = shl i32 %hi1, 16
  %reg1 = or i32 %lo1, %hs1
  %grow = addrspacecast ptr addrspace(3) %row to ptr
  call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x2.b16.p0(ptr %grow, i32 %reg0, i32 %reg1)
  call void @llvm.nvvm.barrier0()
  %s0 = load i16, ptr addrspace(3) %q0
  %z0 = zext i16 %s0 to i32
  %d0 = getelementptr i32, ptr %out, i32 %i0
  store i32 %z0, ptr %d0
  %s1 = load i16, ptr addrspace(3) %q1
  %z1 = zext i16 %s1 to i32
  %d1 = getelementptr i32, ptr %out, i32 %i1
  store i32 %z1, ptr %d1
  %s2 = load i16, ptr addrspace(3) %q2
  %z2 = zext i16 %s2 to i32
  %d2 = getelementptr i32, ptr %out, i32 %i2
  store i32 %z2, ptr %d2
  %s3 = load i16, ptr addrspace(3) %q3
  %z3 = zext i16 %s3 to i32
  %d3 = getelementptr i32, ptr %out, i32 %i3
  store i32 %z3, ptr %d3
  %s4 = load i16, ptr addrspace(3) %q4
  %z4 = zext i16 %s4 to i32
  %d4 = getelementptr i32, ptr %out, i32 %i4
  store i32 %z4, ptr %d4
  %s5 = load i16, ptr addrspace(3) %q5
  %z5 = zext i16 %s5 to i32
  %d5 = getelementptr i32, ptr %out, i32 %i5
  store i32 %z5, ptr %d5
  %s6 = load i16, ptr addrspace(3) %q6
  %z6 = zext i16 %s6 to i32
  %d6 = getelementptr i32, ptr %out, i32 %i6
  store i32 %z6, ptr %d6
  %s7 = load i16, ptr addrspace(3) %q7
  %z7 = zext i16 %s7 to i32
  %d7 = getelementptr i32, ptr %out, i32 %i7
  store i32 %z7, ptr %d7
  ret void
}

define void @st_x2_trans_generic(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %t, 5
  %l = and i32 %t, 31
  %area = mul i32 %w, 256
  %own = mul i32 %l, 8
  %first = add i32 %area, %own
  %i0 = add i32 %first, 0
  %q0 = getelementptr i16, ptr addrspace(3) @sh, i32 %i0
  store i16 -1, ptr addrspace(3) %q0
  %i1 = add i32 %first, 1
  %q1 = getelementptr i16, ptr addrspace(3) @sh, i32 %i1
  store i16 -1, ptr addrspace(3) %q1
  %i2 = add i32 %first, 2
  %q2 = getelementptr i16, ptr addrspace(3) @sh, i32 %i2
  store i16 -1, ptr addrspace(3) %q2
  %i3 = add i32 %first, 3
  %q3 = getelementptr i16, ptr addrspace(3) @sh, i32 %i3
  store i16 -1, ptr addrspace(3) %q3
  %i4 = add i32 %first, 4
  %q4 = getelementptr i16, ptr addrspace(3) @sh, i32 %i4
  store i16 -1, ptr addrspace(3) %q4
  %i5 = add i32 %first, 5
  %q5 = getelementptr i16, ptr addrspace(3) @sh, i32 %i5
  store i16 -1, ptr addrspace(3) %q5
  %i6 = add i32 %first, 6
  %q6 = getelementptr i16, ptr addrspace(3) @sh, i32 %i6
  store i16 -1, ptr addrspace(3) %q6
  %i7 = add i32 %first, 7
  %q7 = getelementptr i16, ptr addrspace(3) @sh, i32 %i7
  store i16 -1, ptr addrspace(3) %q7
  call void @llvm.nvvm.barrier0()
  %rev = sub i32 31, %l
  %rowel = mul i32 %rev, 8
  %rowi = add i32 %area, %rowel
  %row = getelementptr i16, ptr addrspace(3) @sh, i32 %rowi
  %base = mul i32 %t, 4
  %lo0 = add i32 %base, 0
  %hi0 = add i32 %lo0, 1
  %hs0 = shl i32 %hi0, 16
  %reg0 = or i32 %lo0, %hs0
  %lo1 = add i32 %base, 2
  %hi1 = add i32 %lo1, 1
  %hs1 = shl i32 %hi1, 16
  %reg1 = or i32 %lo1, %hs1
  %grow = addrspacecast ptr addrspace(3) %row to ptr
  call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x2.trans.b16.p0(ptr %grow, i32 %reg0, i32 %reg1)
  call void @llvm.nvvm.barrier0()
  %s0 = load i16, ptr addrspace(3) %q0
  %z0 = zext i16 %s0 to i32
  %d0 = getelementptr i32, ptr %out, i32 %i0
  store i32 %z0, ptr %d0
  %s1 = load i16, ptr addrspace(3) %q1
  %z1 = zext i16 %s1 to i32
  %d1 = getelementptr i32, ptr %out, i32 %i1
  store i32 %z1, ptr %d1
  %s2 = load i16, ptr addrspace(3) %q2
  %z2 = zext i16 %s2 to i32
  %d2 = getelementptr i32, ptr %out, i32 %i2
  store i32 %z2, ptr %d2
  %s3 = load i16, ptr addrspace(3) %q3
  %z3 = zext i16 %s3 to i32
  %d3 = getelementptr i32, ptr %out, i32 %i3
  store i32 %z3, ptr %d3
  %s4 = load i16, ptr addrspace(3) %q4
  %z4 = zext i16 %s4 to i32
  %d4 = getelementptr i32, ptr %out, i32 %i4
  store i32 %z4, ptr %d4
  %s5 = load i16, ptr addrspace(3) %q5
  %z5 = zext i16 %s5 to i32
  %d5 = getelementptr i32, ptr %out, i32 %i5
  store i32 %z5, ptr %d5
  %s6 = load i16, ptr addrspace(3) %q6
  %z6 = zext i16 %s6 to i32
  %d6 = getelementptr i32, ptr %out, i32 %i6
  store i32 %z6, ptr %d6
  %s7 = load i16, ptr addrspace(3) %q7
  %z7 = zext i16 %s7 to i32
  %d7 = getelementptr i32, ptr %out, i32 %i7
  store i32 %z7, ptr %d7
  ret void
}

define void @st_x4(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %t, 5
  %l = and i32 %t, 31
  %area = mul i32 %w, 256
  %own = mul i32 %l, 8
  %first = add i32 %area, %own
  %i0 = add i32 %first, 0
  %q0 = getelementptr i16, ptr addrspace(3) @sh, i32 %i0
  store i16 -1, ptr addrspace(3) %q0
  %i1 = add i32 %first, 1
  %q1 = getelementptr i16, ptr addrspace(3) @sh, i32 %i1
  store i16 -1, ptr addrspace(3) %q1
  %i2 = add i32 %first, 2
  %q2 = getelementptr i16, ptr addrspace(3) @sh, i32 %i2
  store i16 -1, ptr addrspace(3) %q2
  %i3 = add i32 %first, 3
  %q3 = getelementptr i16, ptr addrspace(3) @sh, i32 %i3
  store i16 -1, ptr addrspace(3) %q3
  %i4 = add i32 %first, 4
  %q4 = getelementptr i16, ptr addrspace(3) @sh, i32 %i4
  store i16 -1, ptr addrspace(3) %q4
  %i5 = add i32 %first, 5
  %q5 = getelementptr i16, ptr addrspace(3) @sh, i32 %i5
  store i16 -1, ptr addrspace(3) %q5
  %i6 = add i32 %first, 6
  %q6 = getelementptr i16, ptr addrspace(3) @sh, i32 %i6
  store i16 -1, ptr addrspace(3) %q6
  %i7 = add i32 %first, 7
  %q7 = getelementptr i16, ptr addrspace(3) @sh, i32 %i7
  store i16 -1, ptr addrspace(3) %q7
  call void @llvm.nvvm.barrier0()
  %rev = sub i32 31, %l
  %rowel = mul i32 %rev, 8
  %rowi = add i32 %area, %rowel
  %row = getelementptr i16, ptr addrspace(3) @sh, i32 %rowi
  %base = mul i32 %t, 8
  %lo0 = add i32 %base, 0
  %hi0 = add i32 %lo0, 1
  %hs0 = shl i32 %hi0, 16
  %reg0 = or i32 %lo0, %hs0
  %lo1 = add i32 %base, 2
  %hi1 = add i32 %lo1, 1
  %hs1 = shl i32 %hi1, 16
  %reg1 = or i32 %lo1, %hs1
  %lo2 = add i32 %base, 4
  %hi2 = add i32 %lo2, 1
  %hs2 = shl i32 %hi2, 16
  %reg2 = or i32 %lo2, %hs2
  %lo3 = add i32 %base, 6
  %hi3 = add i32 %lo3, 1
  %hs3 = shl i32 %hi3, 16
  %reg3 = or i32 %lo3, %hs3
  call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3) %row, i32 %reg0, i32 %reg1, i32 %reg2, i32 %reg3)
  call void @llvm.nvvm.barrier0()
  %s0 = load i16, ptr addrspace(3) %q0
  %z0 = zext i16 %s0 to i32
  %d0 = getelementptr i32, ptr %out, i32 %i0
  store i32 %z0, ptr %d0
  %s1 = load i16, ptr addrspace(3) %q1
  %z1 = zext i16 %s1 to i32
  %d1 = getelementptr i32, ptr %out, i32 %i1
  store i32 %z1, ptr %d1
  %s2 = load i16, ptr addrspace(3) %q2
  %z2 = zext i16 %s2 to i32
  %d2 = getelementptr i32, ptr %out, i32 %i2
  store i32 %z2, ptr %d2
  %s3 = load i16, ptr addrspace(3) %q3
  %z3 = zext i16 %s3 to i32
  %d3 = getelementptr i32, ptr %out, i32 %i3
  store i32 %z3, ptr %d3
  %s4 = load i16, ptr addrspace(3) %q4
  %z4 = zext i16 %s4 to i32
  %d4 = getelementptr i32, ptr %out, i32 %i4
  store i32 %z4, ptr %d4
  %s5 = load i16, ptr addrspace(3) %q5
  %z5 = zext i16 %s5 to i32
  %d5 = getelementptr i32, ptr %out, i32 %i5
  store i32 %z5, ptr %d5
  %s6 = load i16, ptr addrspace(3) %q6
  %z6 = zext i16 %s6 to i32
  %d6 = getelementptr i32, ptr %out, i32 %i6
  store i32 %z6, ptr %d6
  %s7 = load i16, ptr addrspace(3) %q7
  %z7 = zext i16 %s7 to i32
  %d7 = getelementptr i32, ptr %out, i32 %i7
  store i32 %z7, ptr %d7
  ret void
}

define void @st_x4_trans(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %t, 5
  %l = and i32 %t, 31
  %area = mul i32 %w, 256
  %own = mul i32 %l, 8
  %first = add i32 %area, %own
  %i0 = add i32 %first, 0
  %q0 = getelementptr i16, ptr addrspace(3) @sh, i32 %i0
  store i16 -1, ptr addrspace(3) %q0
  %i1 = add i32 %first, 1
  %q1 = getelementptr i16, ptr addrspace(3) @sh, i32 %i1
  store i16 -1, ptr addrspace(3) %q1
  %i2 = add i32 %first, 2
  %q2 = getelementptr i16, ptr addrspace(3) @sh, i32 %i2
  store i16 -1, ptr addrspace(3) %q2
  %i3 = add i32 %first, 3
  %q3 = getelementptr i16, ptr addrspace(3) @sh, i32 %i3
  store i16 -1, ptr addrspace(3) %q3
  %i4 = add i32 %first, 4
  %q4 = getelementptr i16, ptr addrspace(3) @sh, i32 %i4
  store i16 -1, ptr addrspace(3) %q4
  %i5 = add i32 %first, 5
  %q5 = getelementptr i16, ptr addrspace(3) @sh, i32 %i5
  store i16 -1, ptr addrspace(3) %q5
  %i6 = add i32 %first, 6
  %q6 = getelementptr i16, ptr addrspace(3) @sh, i32 %i6
  store i16 -1, ptr addrspace(3) %q6
  %i7 = add i32 %first, 7
  %q7 = getelementptr i16, ptr addrspace(3) @sh, i32 %i7
  store i16 -1, ptr addrspace(3) %q7
  call void @llvm.nvvm.barrier0()
  %rev = sub i32 31, %l
  %rowel = mul i32 %rev, 8
  %rowi = add i32 %area, %rowel
  %row = getelementptr i16, ptr addrspace(3) @sh, i32 %rowi
  %base = mul i32 %t, 8
  %lo0 = add i32 %base, 0
  %hi0 = add i32 %lo0, 1
  %hs0 = shl i32 %hi0, 16
  %reg0 = or i32 %lo0, %hs0
  %lo1 = add i32 %base, 2
  %hi1 = add i32 %lo1, 1
  %hs1 = shl i32 %hi1, 16
  %reg1 = or i32 %lo1, %hs1
  %lo2 = add i32 %base, 4
  %hi2 = add i32 %lo2, 1
  %hs2 = shl i32 %hi2, 16
  %reg2 = or i32 %lo2, %hs2
  %lo3 = add i32 %base, 6
  %hi3 = add i32 %lo3, 1
  %hs3 = shl i32 %hi3, 16
  %reg3 = or i32 %lo3, %hs3
  call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3) %row, i32 %reg0, i32 %reg1, i32 %reg2, i32 %reg3)
  call void @llvm.nvvm.barrier0()
  %s0 = load i16, ptr addrspace(3) %q0
  %z0 = zext i16 %s0 to i32
  %d0 = getelementptr i32, ptr %out, i32 %i0
  store i32 %z0, ptr %d0
  %s1 = load i16, ptr addrspace(3) %q1
  %z1 = zext i16 %s1 to i32
  %d1 = getelementptr i32, ptr %out, i32 %i1
  store i32 %z1, ptr %d1
  %s2 = load i16, ptr addrspace(3) %q2
  %z2 = zext i16 %s2 to i32
  %d2 = getelementptr i32, ptr %out, i32 %i2
  store i32 %z2, ptr %d2
  %s3 = load i16, ptr addrspace(3) %q3
  %z3 = zext i16 %s3 to i32
  %d3 = getelementptr i32, ptr %out, i32 %i3
  store i32 %z3, ptr %d3
  %s4 = load i16, ptr addrspace(3) %q4
  %z4 = zext i16 %s4 to i32
  %d4 = getelementptr i32, ptr %out, i32 %i4
  store i32 %z4, ptr %d4
  %s5 = load i16, ptr addrspace(3) %q5
  %z5 = zext i16 %s5 to i32
  %d5 = getelementptr i32, ptr %out, i32 %i5
  store i32 %z5, ptr %d5
  %s6 = load i16, ptr addrspace(3) %q6
  %z6 = zext i16 %s6 to i32
  %d6 = getelementptr i32, ptr %out, i32 %i6
  store i32 %z6, ptr %d6
  %s7 = load i16, ptr addrspace(3) %q7
  %z7 = zext i16 %s7 to i32
  %d7 = getelementptr i32, ptr %out, i32 %i7
  store i32 %z7, ptr %d7
  ret void
}
declare i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16.p3(ptr addrspace(3))
declare i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.trans.b16.p3(ptr addrspace(3))
declare void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x1.b16.p3(ptr addrspace(3), i32)
declare void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x1.trans.b16.p3(ptr addrspace(3), i32)
declare void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x2.b16.p0(ptr, i32, i32)
declare void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x2.trans.b16.p0(ptr, i32, i32)
declare void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3), i32, i32, i32, i32)
declare void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3), i32, i32, i32, i32)
declare { i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.b16.p0(ptr)
declare { i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.trans.b16.p0(ptr)
declare { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3))
declare { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3))
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7, !8, !9, !10, !11}
!0 = !{ptr @ld_x1, !"kernel", i32 1}
!1 = !{ptr @ld_x1_trans, !"kernel", i32 1}
!2 = !{ptr @ld_x2_generic, !"kernel", i32 1}
!3 = !{ptr @ld_x2_trans_generic, !"kernel", i32 1}
!4 = !{ptr @ld_x4, !"kernel", i32 1}
!5 = !{ptr @ld_x4_trans, !"kernel", i32 1}
!6 = !{ptr @st_x1, !"kernel", i32 1}
!7 = !{ptr @st_x1_trans, !"kernel", i32 1}
!8 = !{ptr @st_x2_generic, !"kernel", i32 1}
!9 = !{ptr @st_x2_trans_generic, !"kernel", i32 1}
!10 = !{ptr @st_x4, !"kernel", i32 1}
!11 = !{ptr @st_x4_trans, !"kernel", i32 1}
