; NVVM operations whose AMDGPU lowering is target-independent IR; the
; exec tests lower this module and run it on the host.
define float @fma_rm(float %a, float %b, float %c) {
  %r = call float @llvm.nvvm.fma.rm.f(float %a, float %b, float %c)
  ret float %r
}
define float @fma_rp(float %a, float %b, float %c) {
  %r = call float @llvm.nvvm.fma.rp.f(float %a, float %b, float %c)
  ret float %r
}
define float @fma_rz(float %a, float %b, float %c) {
  %r = call float @llvm.nvvm.fma.rz.f(float %a, float %b, float %c)
  ret float %r
}
define float @add_rz_f(float %a, float %b) {
  %r = call float @llvm.nvvm.add.rz.f(float %a, float %b)
  ret float %r
}
define float @mul_rm_f(float %a, float %b) {
  %r = call float @llvm.nvvm.mul.rm.f(float %a, float %b)
  ret float %r
}
define double @add_rz_d(double %a, double %b) {
  %r = call double @llvm.nvvm.add.rz.d(double %a, double %b)
  ret double %r
}
define double @add_rm_d(double %a, double %b) {
  %r = call double @llvm.nvvm.add.rm.d(double %a, double %b)
  ret double %r
}
define double @add_rp_d(double %a, double %b) {
  %r = call double @llvm.nvvm.add.rp.d(double %a, double %b)
  ret double %r
}
define i32 @prmt(i32 %a, i32 %b, i32 %s) {
  %r = call i32 @llvm.nvvm.prmt(i32 %a, i32 %b, i32 %s)
  ret i32 %r
}
define i32 @round_f(float %x) {
  %r = call float @llvm.nvvm.round.f(float %x)
  %i = fptosi float %r to i32
  ret i32 %i
}
define i32 @f2i_rn(float %x) {
  %r = call i32 @llvm.nvvm.f2i.rn(float %x)
  ret i32 %r
}
define i32 @saturate_bits(float %x) {
  %r = call float @llvm.nvvm.saturate.f(float %x)
  %b = bitcast float %r to i32
  ret i32 %b
}
; 128-bit add and 64x64->128 multiply as CUDA 13 libdevice writes them.
define void @add128(ptr %out, i64 %a0, i64 %a1, i64 %b0, i64 %b1) {
  %r = call { i64, i64 } asm "{\0A\09.reg .u32 r0, r1, r2, r3, a0, a1, a2, a3, b0, b1, b2, b3;\0A\09mov.b64         {a0,a1}, $2;\0A\09mov.b64         {a2,a3}, $3;\0A\09mov.b64         {b0,b1}, $4;\0A\09mov.b64         {b2,b3}, $5;\0A\09add.cc.u32      r0, a0, b0; \0A\09addc.cc.u32     r1, a1, b1; \0A\09addc.cc.u32     r2, a2, b2; \0A\09addc.u32        r3, a3, b3; \0A\09mov.b64         $0, {r0,r1};\0A\09mov.b64         $1, {r2,r3};\0A\09}", "=l,=l,l,l,l,l"(i64 %a0, i64 %a1, i64 %b0, i64 %b1)
  %lo = extractvalue { i64, i64 } %r, 0
  %hi = extractvalue { i64, i64 } %r, 1
  store i64 %lo, ptr %out
  %p = getelementptr i64, ptr %out, i64 1
  store i64 %hi, ptr %p
  ret void
}
define void @sub128(ptr %out, i64 %a0, i64 %a1, i64 %b0, i64 %b1) {
  %r = call { i64, i64 } asm "{\0A\09.reg .u32 r0, r1, r2, r3, a0, a1, a2, a3, b0, b1, b2, b3;\0A\09mov.b64         {a0,a1}, $2;\0A\09mov.b64         {a2,a3}, $3;\0A\09mov.b64         {b0,b1}, $4;\0A\09mov.b64         {b2,b3}, $5;\0A\09sub.cc.u32      r0, a0, b0; \0A\09subc.cc.u32     r1, a1, b1; \0A\09subc.cc.u32     r2, a2, b2; \0A\09subc.u32        r3, a3, b3; \0A\09mov.b64         $0, {r0,r1};\0A\09mov.b64         $1, {r2,r3};\0A\09}", "=l,=l,l,l,l,l"(i64 %a0, i64 %a1, i64 %b0, i64 %b1)
  %lo = extractvalue { i64, i64 } %r, 0
  %hi = extractvalue { i64, i64 } %r, 1
  store i64 %lo, ptr %out
  %p = getelementptr i64, ptr %out, i64 1
  store i64 %hi, ptr %p
  ret void
}
define void @mul64x64(ptr %out, i64 %a, i64 %b) {
  %r = call { i64, i64 } asm "{\0A\09.reg .u32 r0, r1, r2, r3, alo, ahi, blo, bhi;\0A\09mov.b64         {alo,ahi}, $2;   \0A\09mov.b64         {blo,bhi}, $3;   \0A\09mul.lo.u32      r0, alo, blo;    \0A\09mul.hi.u32      r1, alo, blo;    \0A\09mad.lo.cc.u32   r1, alo, bhi, r1;\0A\09madc.hi.u32     r2, alo, bhi,  0;\0A\09mad.lo.cc.u32   r1, ahi, blo, r1;\0A\09madc.hi.cc.u32  r2, ahi, blo, r2;\0A\09madc.hi.u32     r3, ahi, bhi,  0;\0A\09mad.lo.cc.u32   r2, ahi, bhi, r2;\0A\09addc.u32        r3, r3,  0;      \0A\09mov.b64         $0, {r0,r1};     \0A\09mov.b64         $1, {r2,r3};     \0A\09}", "=l,=l,l,l"(i64 %a, i64 %b)
  %lo = extractvalue { i64, i64 } %r, 0
  %hi = extractvalue { i64, i64 } %r, 1
  store i64 %lo, ptr %out
  %p = getelementptr i64, ptr %out, i64 1
  store i64 %hi, ptr %p
  ret void
}
define i32 @bfind_shiftamt(i32 %x) {
  %r = call i32 asm "bfind.shiftamt.u32 $0, $1;", "=r,r"(i32 %x)
  ret i32 %r
}
define i32 @fns_intrinsic(i32 %m, i32 %b, i32 %o) {
  %r = call i32 @llvm.nvvm.fns(i32 %m, i32 %b, i32 %o)
  ret i32 %r
}
declare i32 @llvm.nvvm.fns(i32, i32, i32)
define i32 @fns_inline(i32 %m, i32 %b, i32 %o) {
  %r = call i32 asm "fns.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %m, i32 %b, i32 %o)
  ret i32 %r
}
define double @selp_equ(double %a, double %b, double %x, double %y) {
  %r = call double asm "{ .reg .pred __$$temp3;\0A  setp.equ.f64 __$$temp3, $1, $2;\0A  selp.f64 $0, $3, $4, __$$temp3;}", "=d,d,d,d,d"(double %a, double %b, double %x, double %y)
  ret double %r
}
declare float @llvm.nvvm.fma.rm.f(float, float, float)
declare float @llvm.nvvm.fma.rp.f(float, float, float)
declare float @llvm.nvvm.fma.rz.f(float, float, float)
declare float @llvm.nvvm.add.rz.f(float, float)
declare float @llvm.nvvm.mul.rm.f(float, float)
declare double @llvm.nvvm.add.rz.d(double, double)
declare double @llvm.nvvm.add.rm.d(double, double)
declare double @llvm.nvvm.add.rp.d(double, double)
declare i32 @llvm.nvvm.prmt(i32, i32, i32)
declare float @llvm.nvvm.round.f(float)
declare i32 @llvm.nvvm.f2i.rn(float)
declare float @llvm.nvvm.saturate.f(float)
define i32 @shf_l_wrap(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "shf.l.wrap.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @shf_r_clamp(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "shf.r.clamp.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @bfe_u32(i32 %a, i32 %p, i32 %l) {
  %r = call i32 asm "bfe.u32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %p, i32 %l)
  ret i32 %r
}
define i32 @bfe_s32(i32 %a, i32 %p, i32 %l) {
  %r = call i32 asm "bfe.s32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %p, i32 %l)
  ret i32 %r
}
define i32 @bfi_b32(i32 %f, i32 %b, i32 %p, i32 %l) {
  %r = call i32 asm "bfi.b32 $0, $1, $2, $3, $4;", "=r,r,r,r,r"(i32 %f, i32 %b, i32 %p, i32 %l)
  ret i32 %r
}
define i32 @lop3_e8(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "lop3.b32 $0, $1, $2, $3, 0xe8;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @lop3_96(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "lop3.b32 $0, $1, $2, $3, 0x96;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @ld_global_nc(ptr %p) {
  %r = call i32 asm "ld.global.nc.u32 $0, [$1+4];", "=r,l"(ptr %p)
  ret i32 %r
}
define i32 @atom_add(ptr %p, i32 %v) {
  %r = call i32 asm sideeffect "atom.add.release.gpu.u32 $0, [$1], $2;", "=r,l,r"(ptr %p, i32 %v)
  ret i32 %r
}
