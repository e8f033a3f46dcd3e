; Vector atomics Ferry does not translate (ptx-vector-atomics.ll runs it).
target triple = "nvptx64-nvidia-cuda"

define { float, float } @atom_min_float2(ptr %p, float %x, float %y) {
  %r = call { float, float } asm sideeffect "atom.global.min.v2.f32 {$0, $1}, [$2], {$3, $4};", "=f,=f,l,f,f"(ptr %p, float %x, float %y)
  ret { float, float } %r
}
define { i32, i32 } @atom_add_u32x2(ptr %p, i32 %x, i32 %y) {
  %r = call { i32, i32 } asm sideeffect "atom.global.add.v2.u32 {$0, $1}, [$2], {$3, $4};", "=r,=r,l,r,r"(ptr %p, i32 %x, i32 %y)
  ret { i32, i32 } %r
}
define float @atom_add_float2_scalar(ptr %p, float %x) {
  %r = call float asm sideeffect "atom.global.add.v2.f32 $0, [$1], $2;", "=f,l,f"(ptr %p, float %x)
  ret float %r
}
