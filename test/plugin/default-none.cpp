// default(none) on a combined construct: every variable the loop body uses
// must appear in a clause; Sema reports the others where they are used.
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

void f(int n, float *a, float *b, float s, float t) {
#pragma acc parallel loop default(none) copy(a[0:n]) firstprivate(s)
  for (int i = 0; i < n; ++i)
    a[i] = s * t; // expected-error {{variable 't' cannot be implicitly captured in a lambda with no capture-default specified}}
#pragma acc parallel loop default(none) copy(a[0:n]) collapse(2)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 4; ++j)
      a[i] += j;
#pragma acc parallel loop default(present) copy(a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = b[i];
#pragma acc parallel default(none) copy(a[0:n])
  {
    // The construct's default(none) holds for its loops: 'b' is named nowhere.
#pragma acc loop
    for (int i = 0; i < n; ++i)
      a[i] = b[i]; // expected-error {{variable 'b' cannot be implicitly captured in a lambda with no capture-default specified}}
  }
}

// A data construct's default holds for the compute constructs inside it.
void g(int n, float *a, float *b, float s) {
#pragma acc data default(none) copy(a[0:n])
  {
#pragma acc parallel loop present(a[0:n])
    for (int i = 0; i < n; ++i)
      a[i] *= s; // expected-error {{variable 's' cannot be implicitly captured in a lambda with no capture-default specified}}
#pragma acc parallel loop present(a[0:n]) firstprivate(s)
    for (int i = 0; i < n; ++i)
      a[i] *= s;
  }
}
