; Inline PTX tensor-core instructions outside the translated shapes and
; types: one error per asm call naming the instruction, its shape and its
; types.
; RUN: %not %ferry-translate %s --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s --offload-arch=gfx90a -o /dev/null 2>&1 | %count 10
target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: in function 'mma_m8n8k4': inline PTX cannot be translated: instruction 'mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 {$0,$1,$2,$3,$4,$5,$6,$7}, {$8,$8}, {$8,$8}, {$9,$9,$9,$9,$9,$9,$9,$9}': mma shape m8n8k4 with types .f32.f16.f16.f32 has no AMDGPU translation (translated: mma.sync.aligned.m16n8k16 and m16n8k8 .row.col with f16 inputs and f16 or f32 accumulators, or bf16 inputs and f32 accumulators; m16n8k8 and m16n8k4 .row.col with tf32 inputs and f32 accumulators)
define void @mma_m8n8k4(i32 %a, float %c) {
  %r = call { float, float, float, float, float, float, float, float } asm "mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 {$0,$1,$2,$3,$4,$5,$6,$7}, {$8,$8}, {$8,$8}, {$9,$9,$9,$9,$9,$9,$9,$9};", "=f,=f,=f,=f,=f,=f,=f,=f,r,f"(i32 %a, float %c)
  ret void
}
; CHECK-DAG: in function 'mma_s8': {{.*}}: mma shape m16n8k32 with types .s32.s8.s8.s32 has no AMDGPU translation
define void @mma_s8(i32 %a, i32 %c) {
  %r = call { i32, i32, i32, i32 } asm "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {$0,$1,$2,$3}, {$4,$4,$4,$4}, {$4,$4}, {$5,$5,$5,$5};", "=r,=r,=r,=r,r,r"(i32 %a, i32 %c)
  ret void
}
; tf32 in mma.sync is translated as m16n8k8 and m16n8k4 only, and with f32
; accumulators only.
; CHECK-DAG: in function 'mma_tf32_f16': {{.*}}: mma shape m16n8k8 with types .f16.tf32.tf32.f16 has no AMDGPU translation ({{.*}}m16n8k8 and m16n8k4 .row.col with tf32 inputs and f32 accumulators)
define void @mma_tf32_f16(i32 %a, i32 %c) {
  %r = call { i32, i32 } asm "mma.sync.aligned.m16n8k8.row.col.f16.tf32.tf32.f16 {$0,$1}, {$2,$2,$2,$2}, {$2,$2}, {$3,$3};", "=r,=r,r,r"(i32 %a, i32 %c)
  ret void
}
; m16n16k8 has tf32 inputs and f32 accumulators only.
; CHECK-DAG: in function 'wmma_k8_f16': {{.*}}: wmma.load shape m16n16k8 with types .f16 has no AMDGPU translation
define void @wmma_k8_f16(ptr %p) {
  %c = call { i32, i32, i32, i32 } asm "wmma.load.c.sync.aligned.row.m16n16k8.f16 {$0,$1,$2,$3}, [$4];", "=r,=r,=r,=r,l"(ptr %p)
  ret void
}
; CHECK-DAG: in function 'wmma_m32n8k16': {{.*}}: wmma.load shape m32n8k16 with types .f16 has no AMDGPU translation (translated: wmma.load, wmma.store and wmma.mma of m16n16k16 with f16 inputs and f16 or f32 accumulators, or bf16 inputs and f32 accumulators, and of m16n16k8 with tf32 inputs and f32 accumulators)
define void @wmma_m32n8k16(ptr %p) {
  %a = call { i32, i32, i32, i32, i32, i32, i32, i32 } asm "wmma.load.a.sync.aligned.row.m32n8k16.f16 {$0,$1,$2,$3,$4,$5,$6,$7}, [$8];", "=r,=r,=r,=r,=r,=r,=r,=r,l"(ptr %p)
  ret void
}
; CHECK-DAG: in function 'wmma_bf16_f16': {{.*}}: wmma.mma shape m16n16k16 with types .f16.bf16.bf16.f16 has no AMDGPU translation
define void @wmma_bf16_f16(i32 %a, i32 %c) {
  %d = call { i32, i32, i32, i32 } asm "wmma.mma.sync.aligned.row.col.m16n16k16.f16.bf16.bf16.f16 {$0,$1,$2,$3}, {$4,$4,$4,$4}, {$4,$4,$4,$4}, {$5,$5,$5,$5};", "=r,=r,=r,=r,r,r"(i32 %a, i32 %c)
  ret void
}
; ldmatrix and stmatrix: m8n8 .b16 only, with .sync and .aligned, as many
; registers as matrices.
; CHECK-DAG: in function 'ldmatrix_b8': inline PTX cannot be translated: instruction 'ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 {$0}, [$1]': ldmatrix qualifier .m16n16 has no AMDGPU translation (translated: ldmatrix.sync.aligned.m8n8.x1, .x2 and .x4 of .b16, with or without .trans, generic or .shared[::cta] addresses)
define void @ldmatrix_b8(i32 %a) {
  %r = call i32 asm sideeffect "ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 {$0}, [$1];", "=r,r"(i32 %a)
  ret void
}
; CHECK-DAG: in function 'ldmatrix_count': {{.*}}: ldmatrix.x4 moves 4 registers, not 2
define void @ldmatrix_count(i32 %a) {
  %r = call { i32, i32 } asm sideeffect "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1}, [$2];", "=r,=r,r"(i32 %a)
  ret void
}
; CHECK-DAG: in function 'stmatrix_unaligned': {{.*}}: stmatrix needs .sync, .aligned, the shape .m8n8, one of .x1 .x2 .x4 and the type .b16
define void @stmatrix_unaligned(i32 %a, i32 %r) {
  call void asm sideeffect "stmatrix.sync.m8n8.x1.shared.b16 [$0], {$1};", "r,r"(i32 %a, i32 %r)
  ret void
}
; CHECK-DAG: in function 'stmatrix_global': {{.*}}: stmatrix qualifier .global has no AMDGPU translation
define void @stmatrix_global(i64 %a, i32 %r) {
  call void asm sideeffect "stmatrix.sync.aligned.m8n8.x1.global.b16 [$0], {$1};", "l,r"(i64 %a, i32 %r)
  ret void
}
