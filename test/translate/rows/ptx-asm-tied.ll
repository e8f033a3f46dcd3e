; Tied asm inputs ("0", what clang makes of "+r"/"+f") start their output's
; value: the instruction reads the input where the template names the
; output.
; RUN: %opt-ferry -passes='ferry-lower-ptx-asm<arch=gfx90a>' -S %s | %FileCheck %s
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define float @tie(
; CHECK-NEXT:    [[R:%.*]] = fadd float %c, %a
; CHECK-NEXT:    ret float [[R]]
define float @tie(float %a, float %c) {
  %r = call float asm "add.f32 $0, $0, $1;", "=f,f,0"(float %a, float %c)
  ret float %r
}

; Two outputs, each tied to its own input after an untied one.
; CHECK-LABEL: define { float, float } @two(
; CHECK-NEXT:    [[X:%.*]] = fadd float %c, %a
; CHECK-NEXT:    [[Y:%.*]] = fadd float %e, %a
define { float, float } @two(float %a, float %c, float %e) {
  %r = call { float, float } asm "add.f32 $0, $0, $2; add.f32 $1, $1, $2;", "=f,=f,f,0,1"(float %a, float %c, float %e)
  ret { float, float } %r
}
