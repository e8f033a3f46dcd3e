// A loop directive over a `for` with no parenthesized header (found by the
// directive fuzzer: the header was sliced out of range). The parser reports
// the malformed statement; the plugin neither crashes nor accepts it.
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s

void f(int n, float *a) {
  float sum = 0;
#pragma acc parallel loop copy(a[0:n]) reduction(+:sum)
  for * a; // expected-error {{expected '(' after 'for'}}
  {
#pragma acc parallel
    {
#pragma acc loop
      for ; // expected-error {{expected '(' after 'for'}}
    } // expected-error {{expected a statement after the OpenACC directive}}
  }
}
