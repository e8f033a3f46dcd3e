// Reduction operands the plugin refuses: members (OpenACC 3.3 allows
// variables, array elements and sections only), sections in several
// dimensions, and operators that do not apply to complex variables (by the
// plugin where the type is known, by the header's static assertion in a
// template); sections whose constant length is over Ferry's bound. What is
// accepted (a section, an element, complex with + and *) compiles silently.
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s
#include <complex>

struct Stats {
  double sum;
  int bins[4];
};

void accepted(int n, int lo, int len, double *h, std::complex<double> z, _Complex float c) {
  int a[16] = {0};
#pragma acc parallel loop reduction(+:h[lo:len]) reduction(max:a[2:5])
  for (int i = 0; i < n; ++i) {
    h[lo + i % len] += 1;
    a[2 + i % 5] = i;
  }
#pragma acc parallel loop reduction(+:a[3]) reduction(*:z) reduction(+:c)
  for (int i = 0; i < n; ++i) {
    a[3] += i;
    z *= 2.0;
    c += 1.0f;
  }
}

void refused(int n, Stats s, Stats *p, double (*m)[8], std::complex<double> z,
             _Complex double c, std::complex<float> zs[4]) {
#pragma acc parallel loop reduction(+:s.sum) // expected-error {{'s.sum' in OpenACC clause 'reduction' is a member: OpenACC 3.3 does not allow a member of a composite variable as a reduction variable (2.5.15)}}
  for (int i = 0; i < n; ++i) s.sum += i;
#pragma acc parallel loop reduction(+:p->bins[0:4]) // expected-error {{'p->bins[0:4]' in OpenACC clause 'reduction' is a member}}
  for (int i = 0; i < n; ++i) p->bins[i % 4] += 1;
#pragma acc parallel loop reduction(+:m[1:2][0:8]) // expected-error {{a reduction on a section of 'm' in more than one dimension is not supported by Ferry yet}}
  for (int i = 0; i < n; ++i) m[1][i % 8] += 1;
#pragma acc parallel loop reduction(max:z) // expected-error {{OpenACC reduction operator 'max' does not apply to complex variables ('z' is 'std::complex<double>'); only + and * do}}
  for (int i = 0; i < n; ++i) z += 1.0;
#pragma acc parallel loop reduction(min:c) // expected-error {{OpenACC reduction operator 'min' does not apply to complex variables ('c' is '_Complex double'); only + and * do}}
  for (int i = 0; i < n; ++i) c += 1.0;
#pragma acc parallel loop reduction(||:zs[0:4]) // expected-error {{OpenACC reduction operator '||' does not apply to complex variables ('zs' is 'std::complex<float> *'); only + and * do}}
  for (int i = 0; i < n; ++i) zs[i % 4] += 1.0f;
}

template <class T> void in_template(int n, T x) {
#pragma acc parallel loop reduction(max:x)
  for (int i = 0; i < n; ++i) x += T(1);
  // expected-error@*:* {{OpenACC reduction operator 'max' does not apply to complex variables (only + and *)}}
  // expected-error@*:* {{this OpenACC reduction operator does not apply to complex variables (only + and *)}}
  // expected-note@*:* 0+ {{in instantiation of}}
}
template void in_template(int, std::complex<double>);

void too_long(int n) {
  double big[512] = {0};
#pragma acc parallel loop reduction(+:big[0:256])
  for (int i = 0; i < n; ++i) big[i % 256] += 1;
  // expected-error@*:* {{an OpenACC reduction on an array section over more than 1024 bytes (128 in a loop nested in a region's iteration) is not supported by Ferry yet}}
  // expected-note@*:* {{expression evaluates to '2048 <= 1024'}}
  // expected-note@*:* 0+ {{in instantiation of}}
}
