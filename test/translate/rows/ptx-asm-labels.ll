; Inline PTX may end with a label ('@p bra DONE; ... DONE: }'): the label is
; defined, its block empty until the outputs are read, and the branches to it
; join there. Only a label no statement defines is undefined.
; RUN: %opt-ferry -passes='ferry-lower-ptx-asm<arch=gfx90a>' -S %s | %FileCheck %s
; CHECK-NOT: call {{.*}} asm

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @label_last(
; CHECK:         br i1 {{%.*}}, label %ptx.DONE, label %ptx.next
; CHECK:         ret i32 [[R:%.*]]
; CHECK:       ptx.DONE:
; CHECK-NEXT:    [[R]] = phi i32 [ %a, %ptx.start ], [ {{%.*}}, %ptx.next ]
define i32 @label_last(i32 %a) {
  %r = call i32 asm "{\0A\09.reg .pred p;\0A\09setp.eq.u32 p, $1, 0;\0A\09mov.u32 $0, $1;\0A\09@p bra DONE;\0A\09add.u32 $0, $1, 1;\0ADONE:\0A\09}", "=r,r"(i32 %a)
  ret i32 %r
}

; CHECK-LABEL: define void @label_last_void(
; CHECK:         br i1 {{%.*}}, label %ptx.DONE, label %ptx.next
; CHECK:         store i32 %a, ptr %o
; CHECK:       ptx.DONE:
; CHECK-NEXT:    br label
define void @label_last_void(ptr %o, i32 %a) {
  call void asm sideeffect "{\0A\09.reg .pred p;\0A\09setp.eq.u32 p, $0, 0;\0A\09@p bra DONE;\0A\09st.u32 [$1], $0;\0ADONE:\0A\09}", "r,l"(i32 %a, ptr %o)
  ret void
}
