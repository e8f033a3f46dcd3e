// An error clang finds in a clause operand is shown once: the rewritten
// directive names the operand in several places, and an undeclared name in
// copyout(b[0:n]) was reported six times. A closing bracket that does not
// match the innermost open one is reported where it is, with the bracket it
// should close (it was a missing ')' at the end of the line).
// RUN: %not %ferry-clangxx -fsyntax-only -ferror-limit=0 %s 2> %t.err
// RUN: %FileCheck %s < %t.err
// RUN: grep -c "error:" %t.err | %FileCheck %s --check-prefix=COUNT
// COUNT: 8
// Two different errors on one line are both shown.
// CHECK: clause-names-brackets.cpp:[[@LINE+7]]:{{[0-9]+}}: error: use of undeclared identifier 'b'
// CHECK-NOT: use of undeclared identifier 'b'
// CHECK: clause-names-brackets.cpp:[[@LINE+8]]:{{[0-9]+}}: error: use of undeclared identifier 'c'
// CHECK: clause-names-brackets.cpp:[[@LINE+7]]:{{[0-9]+}}: error: use of undeclared identifier 'd'
// CHECK-NOT: use of undeclared identifier {{'c'|'d'}}

void f(int n, float *a) {
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = 1;
#pragma acc enter data copyin(c, d[0:n]) create(a[0:n])

// CHECK: clause-names-brackets.cpp:[[@LINE+3]]:39: error: expected ']' to close the '[' in OpenACC clause 'copyin'
// CHECK-NEXT: {{.*}}#pragma acc parallel loop copyin(a[0:n) copyout(a[0:n])
// CHECK: clause-names-brackets.cpp:[[@LINE+1]]:35: note: the '[' is here
#pragma acc parallel loop copyin(a[0:n) copyout(a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = 3;
// CHECK: clause-names-brackets.cpp:[[@LINE+2]]:29: error: expected ')' to close the '(' in OpenACC clause 'copy'
// CHECK: clause-names-brackets.cpp:[[@LINE+1]]:25: note: the '(' is here
#pragma acc data copy(a[(0:n])
  {}
// CHECK: clause-names-brackets.cpp:[[@LINE+2]]:37: error: expected ']' to close the '[' in OpenACC clause 'copy'
// CHECK: clause-names-brackets.cpp:[[@LINE+1]]:33: note: the '[' is here
#pragma acc parallel loop copy(a[0:n)
  for (int i = 0; i < n; ++i)
    a[i] = 4;
// An error outside a directive that repeats is clang's business: both shown.
// CHECK: clause-names-brackets.cpp:[[@LINE+2]]:{{[0-9]+}}: error: use of undeclared identifier 'e'
// CHECK: clause-names-brackets.cpp:[[@LINE+1]]:{{[0-9]+}}: error: use of undeclared identifier 'e'
  a[0] = e; a[1] = e;
}
