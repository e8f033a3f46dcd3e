// The private and firstprivate array sections Ferry refuses, and the forms
// of variable-length arrays in clauses that it cannot give them: each an
// error at the item, naming the clause.
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Wno-vla-cxx-extension -Xclang -verify %s

void sections(double *a, double (*rows)[4], int n) {
#pragma acc parallel loop copy(a[0:n]) private(rows[0:n][0:4]) // expected-error {{'rows' in OpenACC 'private' is a pointer: a private copy of a section of two or more dimensions is not supported by Ferry yet; privatize a one-dimensional section ('rows[lo:len]')}}
  for (int i = 0; i < n; ++i)
    a[i] = rows[i][0];
}

// An orphaned loop (in a function a region calls) has no region to hold
// the copies.
void orphaned(double *a, double *t, int n) {
#pragma acc loop private(t[0:4]) // expected-error {{'t' in OpenACC 'private' of an orphaned 'loop': a private copy of an array section needs the compute construct the loop runs in; declare an array in the loop body instead}}
  for (int i = 0; i < n; ++i)
    a[i] = t[0];
}

void vlas(int n, int k) {
  double v[n], m[n][k], s[n];
  double *p = v;
#pragma acc parallel loop reduction(+:s) // expected-error {{'s' in OpenACC clause 'reduction' is a variable-length array: a reduction over it is not supported by Ferry yet; reduce into an array of constant size or into scalars}}
  for (int i = 0; i < n; ++i)
    s[i % 4] += 1;
#pragma acc parallel loop copy(m[0:n][0:k]) // expected-error {{'m' in OpenACC clause 'copy' is a variable-length array: a section of two or more dimensions of it is not supported by Ferry yet; name it whole or give a one-dimensional section of its rows ('a[lo:len]')}}
  for (int i = 0; i < n; ++i)
    m[i][0] = 1;
#pragma acc parallel loop private(m) // expected-error {{'m' in OpenACC clause 'private' is a variable-length array: a private copy of a variable-length array of two or more dimensions is not supported by Ferry yet; privatize a one-dimensional one, or declare the array in the loop body}}
  for (int i = 0; i < n; ++i)
    m[0][0] = i;
#pragma acc parallel loop firstprivate(m[0:2]) // expected-error {{'m' in OpenACC clause 'firstprivate' is a variable-length array: a private copy of a variable-length array of two or more dimensions is not supported by Ferry yet}}
  for (int i = 0; i < n; ++i)
    m[0][0] = i;
#pragma acc data copy(v)
#pragma acc host_data use_device(v) // expected-error {{'v' in OpenACC clause 'use_device' is a variable-length array: 'use_device' of it is not supported by Ferry yet; use a pointer to its first element}}
  { p = v; }
}

void vla_rows(int n, int k, double (*rows)[k]) {
#pragma acc parallel loop copy(rows[0:n][0:k]) // expected-error {{'rows' in OpenACC clause 'copy' is a variable-length array: a pointer to rows of variable length is not supported by Ferry in C++ yet (it is in C); use a pointer to its first element}}
  for (int i = 0; i < n; ++i)
    rows[i][0] = 1;
}
