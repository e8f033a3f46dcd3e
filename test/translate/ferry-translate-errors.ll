; ferry-translate reports every untranslatable construct (not just the
; first), unreadable input and bad options, and exits non-zero.
; RUN: %not %ferry-translate %s -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %t.does-not-exist.ll 2>&1 | %FileCheck --check-prefix=MISSING %s
; RUN: %not %ferry-translate %s --offload-arch=gfx90a,gfx1100 2>&1 | %FileCheck --check-prefix=TWO %s
; RUN: %not %ferry-translate %s --code-object-version=3 2>&1 | %FileCheck --check-prefix=COV %s
; RUN: %not %ferry-translate %s --offload-arch=gfx1234 2>&1 | %FileCheck --check-prefix=ARCH %s
; RUN: %not %ferry-translate %s --offload-arch=gfx90a:xnack 2>&1 | %FileCheck --check-prefix=FEATURE %s
; RUN: %not %ferry-translate %s --offload-arch=gfx1100:sramecc+ 2>&1 | %FileCheck --check-prefix=NOFEATURE %s
; RUN: %not %ferry-translate %s --offload-arch=gfx90a --wave=32 2>&1 | %FileCheck --check-prefix=WAVE %s
; CHECK-DAG: ferry-translate: error: {{.*}}ferry-translate-errors.ll: in function 'k': 'llvm.nvvm.read.ptx.sreg.smid' cannot be translated to AMDGPU: the SM id (%smid) has no AMDGPU translation yet
; CHECK-DAG: ferry-translate: error: {{.*}}ferry-translate-errors.ll: in function 'k': inline PTX cannot be translated: instruction 'exit': exit is translated in kernels only (inline the function into its kernel) (in asm "exit;")
; MISSING: ferry-translate: {{.*}}does-not-exist.ll: error: Could not open input file: No such file or directory
; TWO: error: --emit=ll|bc|obj|hsaco writes one module: give exactly one --offload-arch (or use --emit=offload)
; COV: error: {{.*}}code object version 3 is not supported (use 4 or 5)
; ARCH: error: {{.*}}unknown AMDGPU processor 'gfx1234' in target 'gfx1234'
; FEATURE: error: {{.*}}target feature 'xnack' in 'gfx90a:xnack' must end in '+' or '-'
; NOFEATURE: error: {{.*}}target feature 'sramecc' is not supported by gfx1100
; WAVE: error: {{.*}}gfx90a runs only 64-wide waves; use wave=emu32

target triple = "nvptx64-nvidia-cuda"

define void @k() {
  %s = call i32 @llvm.nvvm.read.ptx.sreg.smid()
  call void asm sideeffect "exit;", ""()
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.smid()
