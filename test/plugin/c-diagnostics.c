// The C form's own diagnostics, each at the construct or variable it is
// about (a negative test per row of Diagnostics.def it adds).
// RUN: %ferry-clang -fsyntax-only -ferror-limit=0 -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

void default_none(int n, float *a, float s, float t) {
#pragma acc parallel loop default(none) copy(a[0:n]) firstprivate(s)
  for (int i = 0; i < n; ++i)
    a[i] = s * t; // expected-error {{variable 't' is used in the region but named in no clause of a construct with default(none)}}
}

// A pointer to rows of variable length is a copy of a pointer here (no data
// clause): of a type a closure cannot hold (in a data clause it can).
void variable_rows(int n, int m, double (*v)[m]) {
#pragma acc parallel loop
  for (int i = 0; i < n; ++i)
    v[i][0] = i; // expected-error {{variable 'v' has a variably modified type (a variable-length array): a C region cannot capture it yet; use a pointer to its first element}}
}

void jagged(int n, double ***cube) {
#pragma acc parallel loop copy(cube[0:n][0:n][0:n]) // expected-error {{OpenACC section cube[0:n][0:n][0:n]: a section of three or more dimensions needs arrays of rows (T a[N][M][K] or T (*a)[M][K]); Ferry maps arrays of pointers in two dimensions only}}
  for (int i = 0; i < n; ++i)
    cube[i][i][i] = 1;
}

void static_chunks(int n, double *a) {
#pragma acc parallel loop gang(static:4) copy(a[0:n]) // expected-error {{'gang(static:)' is not supported by Ferry in C yet (it is in C++)}}
  for (int i = 0; i < n; ++i)
    a[i] = i;
}

