// Unknown plugin arguments are rejected, naming the argument.
// RUN: %not %clangxx -fplugin=%ferry-plugin -fplugin-arg-ferry-bogus -fsyntax-only %s 2>&1 | %FileCheck %s
// CHECK: error: unknown argument 'bogus' for the Ferry plugin (known: remarks, targets=LIST, cubins=LIST, device-library=PATH, embed-ir, jit, device-link)
int x;
// A bad target list names the entry and the spellings.
// RUN: %not %clangxx -fplugin=%ferry-plugin -fplugin-arg-ferry-targets=gfx90a,cuda -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=TARGET
// TARGET: error: bad Ferry target list: 'cuda' is not a target: name AMD processors as gfxNNN (with :xnack+/- or :sramecc+/- if needed) and NVIDIA ones as sm_NN (PTX for that architecture)
// RUN: %not %clangxx -fplugin=%ferry-plugin -fplugin-arg-ferry-targets=, -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=EMPTY
// EMPTY: error: bad Ferry target list: the target list is empty (write 'none' for host code only)
// A bad cubin list names the entry.
// RUN: %not %clangxx -fplugin=%ferry-plugin -fplugin-arg-ferry-cubins=sm_90,gfx90a -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=CUBIN
// CUBIN: error: bad Ferry cubin list: 'gfx90a' is not an NVIDIA architecture (sm_80, sm_90, ...)
