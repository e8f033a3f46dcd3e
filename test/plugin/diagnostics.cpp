// Every diagnostic of the directive parser, at the token it is about.
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s

void f(int n, float *a, float *b, double s, float (*m)[8], float (*t)[8][4]) {
#pragma acc // expected-error {{expected an OpenACC directive after '#pragma acc'}}
#pragma acc frobnicate // expected-error {{unknown OpenACC directive 'frobnicate'}}
#pragma acc enter data copyout(a[0:n]) // expected-error {{OpenACC clause 'copyout' is not allowed on the 'enter data' construct}}
#pragma acc exit data copyin(a[0:n]) // expected-error {{OpenACC clause 'copyin' is not allowed on the 'exit data' construct}}
#pragma acc update device(a[0:n]) finalize // expected-error {{OpenACC clause 'finalize' is not allowed on the 'update' construct}}
#pragma acc wait(devnum: 1 : 2) // the queues of device 1
#pragma acc wait(devnum: 1) // expected-error {{malformed OpenACC wait argument: expected '[devnum: n :] [queues:] q, ...'}}
#pragma acc wait(1 : 2) // expected-error {{malformed OpenACC wait argument}}
#pragma acc update if(n > 1) // expected-error {{OpenACC 'update' needs at least one data clause}}
#pragma acc data copyin(zero: a[0:n]) // expected-error {{the 'zero:' modifier applies to 'create' and 'copyout', not to 'copyin'}}
  {}
#pragma acc host_data use_device(a) // now supported
#pragma acc data copy(a[0:n]) seq // expected-error {{OpenACC clause 'seq' is not allowed on the 'data' construct}}
  {}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop sparkle // expected-error {{unknown OpenACC clause 'sparkle'}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc serial loop num_gangs(4) // expected-error {{OpenACC clause 'num_gangs' is not allowed on the 'serial loop' construct}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc kernels loop firstprivate(s) // expected-error {{OpenACC clause 'firstprivate' is not allowed on the 'kernels loop' construct}}
  for (int i = 0; i < n; ++i) a[i] = s;
#pragma acc parallel loop tile(n) // expected-warning {{OpenACC 'tile' size 'n' is not a constant Ferry evaluates at the directive (literals, enumerators and constant integer variables with C's operators); Ferry uses its default size for it, as for '*' (tile sizes shape the GPU blocks at compile time)}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop tile(4, ) // expected-error {{OpenACC 'tile' sizes must be positive integer constants or '*'}}
  for (int i = 0; i < n; ++i) for (int j = 0; j < n; ++j) a[i] = 0;
#pragma acc parallel loop tile(2147483647, 0) // expected-error {{OpenACC 'tile' size '2147483647' is out of range: sizes must be between 1 and 1024 (the most work-items of a GPU block) or '*'}} expected-error {{OpenACC 'tile' size '0' is out of range}}
  for (int i = 0; i < n; ++i) for (int j = 0; j < n; ++j) a[i] = 0;
#pragma acc parallel loop tile(99999999999999999999999) // expected-error {{OpenACC 'tile' size '99999999999999999999999' is out of range}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop tile(1.5) // expected-error {{OpenACC 'tile' size '1.5' is out of range}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop tile(1024, 0x1u) copy(a[0:n])
  for (int i = 0; i < n; ++i) for (int j = 0; j < n; ++j) a[i] = 0;
#pragma acc parallel loop tile(1024, 0x10u) copy(a[0:n]) // expected-error {{OpenACC 'tile(1024, 0x10u)' makes tiles of 16384 iterations: a tile runs on one gang, and a GPU block holds at most 1024 work-items}}
  for (int i = 0; i < n; ++i) for (int j = 0; j < n; ++j) a[i] = 0;
#pragma acc parallel loop tile(64, *, 32) copy(a[0:n]) // expected-error {{OpenACC 'tile(64, *, 32)' makes tiles of 2048 iterations}}
  for (int i = 0; i < n; ++i) for (int j = 0; j < n; ++j) for (int k = 0; k < n; ++k) a[i] = 0;
#pragma acc parallel loop tile(2) collapse(1) // expected-error {{OpenACC clauses 'tile' and 'collapse' cannot be combined}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop self self(1) // expected-error {{OpenACC clause 'self' appears more than once}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc loop self // expected-error {{OpenACC clause 'self' is not allowed on the 'loop' construct}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc data self(1) copy(a[0:n]) // expected-error {{OpenACC clause 'self' is not allowed on the 'data' construct}}
  {}
#pragma acc parallel loop async(1) wait(devnum: 0 : queues: 1)
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop async(1) async(2) // expected-error {{OpenACC clause 'async' appears more than once}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop if // expected-error {{expected '(' after OpenACC clause 'if'}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop collapse(1) collapse(1) // expected-error {{OpenACC clause 'collapse' appears more than once}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop seq gang // expected-error {{OpenACC clauses 'seq' and 'gang' cannot be combined}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop auto independent // expected-error {{OpenACC clauses 'auto' and 'independent' cannot be combined}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop copy // expected-error {{expected '(' after OpenACC clause 'copy'}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop seq(1) // expected-error {{OpenACC clause 'seq' takes no argument}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop copy(a[0:n] // expected-error {{expected ')' to close the argument of OpenACC clause 'copy'}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop copyin() // expected-error {{OpenACC clause 'copyin' needs an argument}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop copyin(3) // expected-error {{expected a variable name in OpenACC clause 'copyin'}}
  for (int i = 0; i < n; ++i) a[i] = 0;
// An element's subscript is an expression, checked by clang.
#pragma acc parallel loop copyout(a[0 n]) // expected-error 2 {{expected ']'}} expected-note 2 {{to match this '['}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop copyout(a[0:]) // expected-error {{the section 'a[0:]' in OpenACC clause 'copyout' has no length: Ferry completes '[:]' and '[lo:]' for arrays whose size their declaration gives (OpenACC 3.3, 2.7.1: variables and members), not for pointers; give its length ('var[lower:length]')}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop reduction(/:s) // expected-error {{invalid OpenACC reduction operator '/' (expected + * max min & | ^ && ||)}}
  for (int i = 0; i < n; ++i) s += a[i];
#pragma acc parallel loop reduction(+ s) // expected-error {{expected ':' after the OpenACC reduction operator}}
  for (int i = 0; i < n; ++i) s += a[i];
#pragma acc parallel loop reduction(+:m[0:n][0:8]) // expected-error {{a reduction on a section of 'm' in more than one dimension is not supported by Ferry yet; reduce a one-dimensional section 'a[lo:len]', an element or a whole array}}
  for (int i = 0; i < n; ++i) s += a[i];
#pragma acc parallel loop collapse(0) // expected-error {{OpenACC 'collapse(0)' needs an integer constant from 1 to 64, not 0}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop collapse(8 * 9) // expected-error {{OpenACC 'collapse(8*9)' needs an integer constant from 1 to 64, not 72}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop collapse(n) // expected-error {{OpenACC 'collapse(n)' needs an integer constant from 1 to 64: Ferry evaluates literals, enumerators and constant integer variables with C's operators at the directive, and 'n' is not one of those}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop collapse(2 / 0) // expected-error {{OpenACC 'collapse(2/0)' needs an integer constant from 1 to 64: Ferry evaluates}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop tile(2 * 4 + 1 - 1, 1 << 8) // expected-error {{OpenACC 'tile(2*4+1-1, 1<<8)' makes tiles of 2048 iterations}}
  for (int i = 0; i < n; ++i) for (int j = 0; j < n; ++j) a[i] = 0;
#pragma acc parallel loop collapse(2)
  for (int i = 0; i < n; ++i) a[i] = 0; // expected-error {{OpenACC 'collapse(2)' needs 2 tightly nested 'for' loops; found 1}}
#pragma acc parallel loop
  for (int i = 0; i < n; ++i) {
#pragma acc loop tile(4, 4) // expected-error {{OpenACC 'tile(4,4)' needs 2 tightly nested 'for' loops; found 1}}
    for (int j = 0; j < n; ++j) a[j] = 0;
#pragma acc loop collapse(3) // expected-error {{OpenACC 'collapse(3)' needs 3 tightly nested 'for' loops; found 2}}
    for (int j = 0; j < n; ++j) {
      for (int k = 0; k < n; ++k) a[k] = 0;
    }
  }
#pragma acc parallel loop collapse(2)
  for (int i = 0; i < n; ++i) {
    a[i] = 0; // expected-error {{OpenACC 'collapse(2)' needs 2 tightly nested 'for' loops; found 1}}
    for (int j = 0; j < n; ++j) a[j] = 1;
  }
#pragma acc parallel loop collapse(2)
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) a[j] = 1; // expected-error {{OpenACC 'collapse(2)' needs 2 tightly nested 'for' loops; found 1}}
    a[i] = 0;
  }
  // tile: the message names it (a loop directive on the inner loop makes
  // it a loop of its own).
#pragma acc parallel loop tile(32, 32)
  for (int i = 0; i < n; ++i) {
#pragma acc loop independent // expected-error {{OpenACC 'tile(32,32)' needs 2 tightly nested 'for' loops; found 1}}
    for (int j = 0; j < n; ++j) a[j] = 1;
  }
#pragma acc parallel loop collapse(force: 2)
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) a[j] = 1; // expected-error {{OpenACC 'collapse(2)' needs 2 tightly nested 'for' loops; found 1}}
    for (int j = 0; j < n; ++j) a[j] = 2;
  }
#pragma acc parallel loop collapse(2)
  for (int i = 0; i < n; ++i)
    for (int j = i; j < n; ++j) a[j] = 1; // expected-error {{OpenACC 'collapse' needs rectangular loops: this bound or step uses the outer loop variable 'i'}}
#pragma acc parallel loop collapse(2)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (a[j] < 0)
        break; // expected-error {{'break' in the body of a collapse(2) loop nest is not supported by Ferry yet}}
    }
#pragma acc parallel loop collapse(2)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      for (int k = 0; k < n; ++k)
        if (a[k] < 0)
          break; // the inner loop's
      switch (j) {
      case 0:
        break; // the switch's
      }
      if (a[j] > 0)
        break; // expected-error {{'break' in the body of a collapse(2) loop nest is not supported by Ferry yet}}
    }
}

struct Holder { float *arr; };
void loops(int n, float *a, int *v) {
  Holder h{a};
#pragma acc parallel loop copy(h.arr[0:n]) // a member's section (test/plugin/data-members.cpp)
  for (int i = 0; i < n; ++i) h.arr[i] = 0;
  int red = 0;
#pragma acc parallel loop reduction(+:red) reduction(*:red) // expected-error {{variable 'red' appears in more than one OpenACC reduction}}
  for (int i = 0; i < n; ++i) red += 1;
#pragma acc parallel loop reduction(+:red) private(red) // expected-error {{reduction variable 'red' cannot also be 'private'}}
  for (int i = 0; i < n; ++i) red += 1;
#pragma acc parallel loop
  for (int i = 0; i < n && v[i]; ++i) // expected-error {{OpenACC loop condition must compare the loop variable 'i' with '<', '<=', '>', '>=' or '!='}}
    a[i] = 0;
#pragma acc parallel loop
  for (int i = 1; i < n; i += i) // expected-error {{OpenACC loop increment must be}}
    a[i] = 0;
#pragma acc parallel loop
  a[0] = 1; // expected-error {{OpenACC 'parallel loop' must be followed by a 'for' loop}}
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; ++i) {
#pragma acc cache(a[i:1]) copy(a[0:n]) // expected-error {{OpenACC clause 'copy' is not allowed on the 'cache' construct}}
    a[i] += 1;
  }
#pragma acc parallel loop
  for (int x : {1, 2, 3}) a[x] = 0; // expected-error {{OpenACC loops must be canonical 'for (init; var op bound; step)' loops, not range-based for}}
#pragma acc parallel loop
  for (int i = 0, j = 0; i < n; ++i) a[i] = j; // expected-error {{OpenACC loop initialization must be 'T var = lower' or 'var = lower'}}
#pragma acc parallel loop
  for (int i = 0; n > 2 * i; ++i) a[i] = 0; // expected-error {{OpenACC loop condition must compare the loop variable 'i' with '<', '<=', '>', '>=' or '!='}}
#pragma acc parallel loop
  for (int i = 0; i < n; i *= 2) a[i] = 0; // expected-error {{OpenACC loop increment must be '++i', 'i++', '--i', 'i--', 'i += step', 'i -= step' or 'i = i + step'}}
#pragma acc parallel loop
  for (int i = 0; i < n; ++i) {
    if (v[i] < 0)
      break; // expected-error {{'break' leaves an OpenACC loop; it is not allowed in the loop body}}
  }
#pragma acc parallel loop
  for (int i = 0; i < n; ++i) {
    if (v[i] < 0)
      return; // expected-error {{'return' is not allowed inside an OpenACC compute region}}
  }
#pragma acc parallel loop
  for (int i = 0; i < n; ++i) {
    goto out; // expected-error {{'goto out' leaves the statement of an OpenACC construct (its label is not in it): jumps out of a compute region or one of its loops are not allowed}}
  }
#pragma acc parallel
  {
#pragma acc loop seq
    for (double g = 0; g < 1; g += 0.25) // expected-error {{the variable of an OpenACC loop must have integer type, and 'g' is declared 'double'}}
      v[0] += 1;
  }
  // Out of a loop construct to a label of the region's iteration.
#pragma acc parallel loop
  for (int i = 0; i < n; ++i) {
#pragma acc loop
    for (int j = 0; j < 4; ++j)
      if (v[i] < j)
        goto outer; // expected-error {{'goto outer' leaves the statement of an OpenACC construct}}
  outer:
    v[i] += 1;
  }
  // To a label of the same iteration: allowed.
#pragma acc parallel loop
  for (int i = 0; i < n; ++i) {
    if (v[i] < 0)
      goto next;
    v[i] = 0;
  next:
    ;
  }
#pragma acc parallel loop
  for (int i = 0; i < n; ++i) {
    if (v[i] < 0)
      goto end;
    v[i] = 1;
  end:
  } // expected-warning {{label at end of compound statement is a C++23 extension}}
out:;
}

void host_data_diagnostics(float *a, int n) {
#pragma acc host_data // expected-error {{OpenACC 'host_data' needs at least one data clause}}
  {}
#pragma acc host_data use_device(a[0:n]) // expected-error {{OpenACC 'use_device' takes variables, not array sections}}
  {}
#pragma acc host_data use_device(a) copy(a) // expected-error {{OpenACC clause 'copy' is not allowed on the 'host_data' construct}}
  {}
#pragma acc parallel loop use_device(a) // expected-error {{OpenACC clause 'use_device' is not allowed on the 'parallel loop' construct}}
  for (int i = 0; i < n; ++i) a[i] = 0;
  int k = 0;
#pragma acc host_data use_device(k) // a scalar: its device copy (e2e/c-host-data-scalars.c)
  { int *dk = &k; (void)dk; }
}

void more_clauses(double *a, double *p, int n) {
#pragma acc parallel loop num_gangs(4, 2, 2, 2) copy(a[0:n]) // expected-error {{'num_gangs' of a 'parallel loop' construct takes at most three values (gangs in up to three dimensions)}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc kernels loop num_gangs(4, 2) copy(a[0:n]) // expected-error {{'num_gangs' of a 'kernels loop' construct takes one value}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop num_workers(4) copy(a[0:n])
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc data copyout(readonly: a[0:n]) // expected-error {{the 'readonly:' modifier applies to 'copyin', not to 'copyout'}}
  {}
#pragma acc data copyin(readonly: a[0:n])
  {}
#pragma acc parallel loop collapse(force: 2) copy(a[0:n])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) a[i] += j;
#pragma acc init dtype(host)
#pragma acc wait if(n > 4)
}

void big_array_reduction(int n) {
  double big[200] = {0};
#pragma acc parallel loop reduction(+:big)
  for (int i = 0; i < n; ++i)
    big[i % 200] += 1;
  // expected-error@*:* {{an OpenACC array reduction over more than 1024 bytes is not supported by Ferry yet}}
  // expected-note@*:* {{expression evaluates to '1600 <= 1024'}}
  // expected-note@-5 {{in instantiation of function template specialization}}
}

// collapse needs its count at the directive, before the template has
// arguments.
template <int N> void collapse_parameter(float *a, int n) {
#pragma acc parallel loop collapse(N) // expected-error {{OpenACC 'collapse(N)' needs an integer constant from 1 to 64: Ferry evaluates literals, enumerators and constant integer variables with C's operators at the directive, and 'N' is not one of those}}
  for (int i = 0; i < n; ++i) a[i] = 0;
}
