// A construct whose statement runs into the end of the file past what
// brings no tokens of its own (a nested directive refused at once, another
// pragma, a directive or a macro whose tokens end there; in a header too):
// the error, not a crash, in -E as in -fsyntax-only, in C++ and in C.
// RUN: %not %ferry-clangxx -E %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not="PLEASE submit"
// RUN: %not %ferry-clang -x c -std=c11 -E %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not="PLEASE submit"
// RUN: %not %ferry-clangxx -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not="PLEASE submit"
// RUN: %not %ferry-clangxx -E %S/Inputs/eof-after-pragma.cpp -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not="PLEASE submit"
// RUN: %not %ferry-clangxx -fsyntax-only %S/Inputs/eof-after-pragma.cpp 2>&1 | %FileCheck %s --implicit-check-not="PLEASE submit"
// RUN: %not %ferry-clangxx -E %S/Inputs/eof-after-wait.cpp -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not="PLEASE submit"
// RUN: %not %ferry-clangxx -fsyntax-only %S/Inputs/eof-after-wait.cpp 2>&1 | %FileCheck %s --implicit-check-not="PLEASE submit"
// RUN: %not %ferry-clangxx -E %S/Inputs/eof-after-macro.cpp -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not="PLEASE submit"
// RUN: %not %ferry-clangxx -fsyntax-only %S/Inputs/eof-after-macro.cpp 2>&1 | %FileCheck %s --implicit-check-not="PLEASE submit"
// RUN: %not %ferry-clangxx -E %S/Inputs/eof-after-nested-header.cpp -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not="PLEASE submit"
// RUN: %not %ferry-clangxx -fsyntax-only %S/Inputs/eof-after-nested-header.cpp 2>&1 | %FileCheck %s --implicit-check-not="PLEASE submit"
// CHECK: error: unexpected end of file inside the statement of an OpenACC construct
void f(void) {
#pragma acc parallel
#pragma acc parallel
