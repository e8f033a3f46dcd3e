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


// An array or section reduction over more than 1024 bytes: its private
// copies would not fit a work-group's memory (every GPU launch of the file
// failed at the device compile).
void long_section(float *a, float *c) {
#pragma acc parallel loop reduction(+:c[0:4096]) copyin(a[0:4096]) // expected-error {{an OpenACC reduction on an array or an array section over more than 1024 bytes ('c') is not supported by Ferry yet}}
  for (int i = 0; i < 4096; ++i)
    c[i] += a[i];
}

void long_array(double *a, int n) {
  double hist[256];
#pragma acc parallel loop reduction(+:hist) copyin(a[0:n]) // expected-error {{an OpenACC reduction on an array or an array section over more than 1024 bytes ('hist') is not supported by Ferry yet}}
  for (int i = 0; i < n; ++i)
    hist[i % 256] += a[i];
}

void section_of_1024_bytes(float *a, float *c) {
#pragma acc parallel loop reduction(+:c[0:256]) copyin(a[0:256])
  for (int i = 0; i < 256; ++i)
    c[i] += a[i];
}

// A reduction on a variable of a type OpenACC does not reduce: the words of
// C++'s static assertion, not clang's about Ferry's expansion.
struct pair { double a, b; };
double reduce_pointer(const double *x, double *nrm, int n) {
#pragma acc parallel loop reduction(+:nrm) copyin(x[0:n]) // expected-error {{OpenACC reduction variables must be of arithmetic or complex type, or arrays or sections of it: 'nrm' is 'double *'}}
  for (int i = 0; i < n; i++)
    *nrm += x[i] * x[i];
  struct pair s = {0, 0};
#pragma acc parallel loop reduction(+:s) // expected-error {{OpenACC reduction variables must be of arithmetic or complex type, or arrays or sections of it: 's' is 'struct pair'}}
  for (int i = 0; i < n; i++)
    s.a += i;
  return *nrm + s.a;
}

// A loop nested in a region's iteration: its collapse or tile still names
// loops that must be there.
void nested_loop_shape(int n, float *a) {
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; ++i) {
#pragma acc loop tile(4, 4) // expected-error {{OpenACC 'tile(4,4)' needs 2 tightly nested 'for' loops; found 1}}
    for (int j = 0; j < n; ++j) a[j] = 0;
  }
}

// A section of constant bounds past the end of an array whose declaration
// gives its size (GCC refuses it too; OpenACC sweep 12 F4: the copy ran 4
// bytes past the array, silently), in every dimension and through members;
// the last element and a section up to the end are fine.
struct grid {
  double v[8];
};
void section_bounds(void) {
  int v4[1000], m[4][4];
  struct grid g;
#pragma acc enter data copyin(v4[1:1000]) // expected-error {{the section 'v4[1:1000]' in OpenACC clause 'copyin' reaches past the end of its array: it names elements 1 to 1000, and the array has 1000 (a section is a part of its array, OpenACC 3.3, 2.7.1)}}
#pragma acc enter data copyin(m[0:4][2:3]) // expected-error {{the section 'm[0:4][2:3]' in OpenACC clause 'copyin' reaches past the end of its array: it names elements 2 to 4, and the array has 4}}
#pragma acc enter data create(g.v[4:5]) // expected-error {{the section 'g.v[4:5]' in OpenACC clause 'create' reaches past the end of its array: it names elements 4 to 8, and the array has 8}}
#pragma acc enter data copyin(v4[999:1], m[0:4][0:4], g.v[4:])
}

// A section of a scalar (OpenACC sweep 12 F6: three errors in Ferry's
// rewritten code, one at a later directive that names it correctly).
void scalar_section(double *a) {
  double s = 2.0;
#pragma acc data copy(a[0:100], s[0:1]) // expected-error {{'s[0:1]' in OpenACC clause 'copy' names a section of 's', which is neither an array nor a pointer: name the variable alone ('s')}}
  {
#pragma acc parallel loop present(a[0:100], s)
    for (int i = 0; i < 100; i++)
      a[i] = s * i;
  }
}

// Whole arrays of several dimensions are reduced in C++ only; a
// variable-length array in no language (OpenACC sweep 14 F11).
void array_reductions(int n, const double *a) {
  double h[4][4] = {{0}}, v[n];
#pragma acc parallel loop reduction(+:h) copyin(a[0:n]) // expected-error {{a reduction on a whole array of several dimensions is not supported by Ferry in C yet (it is in C++)}}
  for (int i = 0; i < n; i++)
    h[i % 4][i / 4 % 4] += a[i];
#pragma acc parallel loop reduction(+:v) copyin(a[0:n]) // expected-error {{'v' in OpenACC clause 'reduction' is a variable-length array: a reduction over it is not supported by Ferry yet; reduce into an array of constant size or into scalars}}
  for (int i = 0; i < n; i++)
    v[i] += a[i];
}
