// `create(image[W*H])` of a pointer: OpenACC 3.3 reads a subscript without
// ':' as one element; PGI's compilers read it as the first W*H elements (an
// idiom of code written for them: the device then holds one element where
// the program uses W*H, and it faults or reads garbage). Ferry follows the
// specification and warns, naming both spellings, for pointer members too
// (`enter data create(x[n])` in a class's constructor, xstupi00/N-Body-
// OpenACC: one element past the end of the array, never attached). Not for
// arrays (an element of an array is an element everywhere), sections,
// `update` (one element is often meant), `deviceptr`, or element 0 (PGI's
// reading, no elements at all, is no idiom: `present(counts[0])` means the
// element; OpenACC sweep 12, F14).
// RUN: %ferry-clang -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=warning:
// RUN: %ferry-clangxx -x c++ -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefixes=CHECK,CXX --implicit-check-not=warning:

struct grid { double *cells; };

void f(double *image, int W, int H, int n, double *out, struct grid g) {
  double table[16];
// CHECK: pointer-element-clause.c:[[#@LINE+1]]:25: warning: 'image[W*H]' in 'create' is one element of the data 'image' points to (OpenACC 3.3: a subscript without ':' names an element); PGI's compilers took it for the first W*H elements, so code written for them uses more: write 'image[0:W*H]' for those, or 'image[W*H:1]' to say that one element is meant
#pragma acc data create(image[W*H]) copyin(table[3]) copy(out[0:W])
  {
// CHECK: pointer-element-clause.c:[[#@LINE+1]]:30: warning: 'out[W]' in 'copyout' is one element
#pragma acc parallel copyout(out[W]) present(image[0:W*H])
    out[0] = image[0] + table[3];
#pragma acc update self(out[1])
#pragma acc parallel present(out[0])
    out[0] += 1;
  }
// CHECK: pointer-element-clause.c:[[#@LINE+2]]:30: warning: 'image[n]' in 'delete' is one element
// CHECK: pointer-element-clause.c:[[#@LINE+1]]:48: warning: 'g.cells[2]' in 'copyout' is one element of the data 'g.cells' points to
#pragma acc exit data delete(image[n]) copyout(g.cells[2])
}

#ifdef __cplusplus
// A member a member function names alone.
struct particles {
  int n;
  float *x;
  void enter() {
// CXX: pointer-element-clause.c:[[#@LINE+1]]:31: warning: 'x[n]' in 'create' is one element of the data 'x' points to
#pragma acc enter data create(x[n])
  }
};
#endif
