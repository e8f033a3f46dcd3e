; Vector atomics (sm_90): clang's atomicAdd on float2 and float4 (the asm
; strings are clang 19's __clang_cuda_intrinsics.h), red of .v2.f32, and
; the 16-bit vectors: one atomic add per element, each at its own offset,
; as the PTX ISA gives each element its own atomicity.
; RUN: %opt-ferry -passes='ferry-lower-ptx-asm<arch=gfx90a>' -S %s | %FileCheck %s
; RUN: %opt-ferry -passes='ferry-lower-ptx-asm<arch=gfx1100>' -S %s | %FileCheck %s
; Other operations and types are refused, naming the instruction.
; RUN: %not %ferry-translate %S/Inputs/ptx-vector-atomics-errors.ll -o /dev/null 2>&1 | %FileCheck %s --check-prefix=ERR
; RUN: %not %ferry-translate %S/Inputs/ptx-vector-atomics-errors.ll -o /dev/null 2>&1 | %count 3
; CHECK-NOT: call {{.*}} asm
; ERR-DAG: in function 'atom_min_float2': inline PTX cannot be translated: instruction 'atom.global.min.v2.f32 {$0, $1}, [$2], {$3, $4}': vector atomics are translated for add of .v2/.v4.f32 and of .v2/.v4/.v8 .f16, .bf16, .f16x2 and .bf16x2
; ERR-DAG: in function 'atom_add_u32x2': inline PTX cannot be translated: instruction 'atom.global.add.v2.u32 {$0, $1}, [$2], {$3, $4}': vector atomics are translated for add
; ERR-DAG: in function 'atom_add_float2_scalar': inline PTX cannot be translated: instruction 'atom.global.add.v2.f32 $0, [$1], $2': the vector width does not match the operands

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define { float, float } @atomic_add_float2(
; CHECK:         atomicrmw fadd ptr %p, float %x syncscope("agent") monotonic, align 4
; CHECK:         [[Y:%.*]] = getelementptr i8, ptr %p, i32 4
; CHECK:         atomicrmw fadd ptr [[Y]], float %y syncscope("agent") monotonic, align 4
define { float, float } @atomic_add_float2(ptr %p, float %x, float %y) {
  %r = call { float, float } asm sideeffect "atom.add.v2.f32         {$0, $1}, [$2], {$3, $4};", "=f,=f,l,f,f"(ptr %p, float %x, float %y)
  ret { float, float } %r
}

; CHECK-LABEL: define { float, float, float, float } @atomic_add_block_float4(
; CHECK:         atomicrmw fadd ptr %p, float %x syncscope("workgroup") monotonic, align 4
; CHECK:         getelementptr i8, ptr %p, i32 4
; CHECK:         getelementptr i8, ptr %p, i32 8
; CHECK:         [[W:%.*]] = getelementptr i8, ptr %p, i32 12
; CHECK:         atomicrmw fadd ptr [[W]], float %w syncscope("workgroup") monotonic, align 4
define { float, float, float, float } @atomic_add_block_float4(ptr %p, float %x, float %y, float %z, float %w) {
  %r = call { float, float, float, float } asm sideeffect "atom.cta.add.v4.f32         {$0, $1, $2, $3}, [$4], {$5, $6, $7, $8};", "=f,=f,=f,=f,l,f,f,f,f"(ptr %p, float %x, float %y, float %z, float %w)
  ret { float, float, float, float } %r
}

; CHECK-LABEL: define void @red_system_float2(
; CHECK:         atomicrmw fadd ptr addrspace(1) {{%.*}}, float %x monotonic, align 4
; CHECK:         atomicrmw fadd ptr addrspace(1) {{%.*}}, float %y monotonic, align 4
define void @red_system_float2(ptr %p, float %x, float %y) {
  call void asm sideeffect "red.sys.global.add.v2.f32 [$0], {$1, $2};", "l,f,f,~{memory}"(ptr %p, float %x, float %y)
  ret void
}

; CHECK-LABEL: define void @red_half2_v2(
; CHECK:         atomicrmw fadd ptr addrspace(1) {{%.*}}, <2 x half> {{%.*}} syncscope("agent") monotonic, align 4
; CHECK:         atomicrmw fadd ptr addrspace(1) {{%.*}}, <2 x half> {{%.*}} syncscope("agent") monotonic, align 4
define void @red_half2_v2(ptr %p, i32 %a, i32 %b) {
  call void asm sideeffect "red.global.add.noftz.v2.f16x2 [$0], {$1, $2};", "l,r,r,~{memory}"(ptr %p, i32 %a, i32 %b)
  ret void
}
