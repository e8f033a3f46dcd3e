// A scalar that a `parallel loop` or `serial loop` updates (`+=`, `++`, ...)
// with no clause naming it is firstprivate (OpenACC 3.3, 2.6.2): each gang
// updates a copy of its own and the variable keeps its value after the
// construct. Ferry warns, naming it and the reduction that would combine the
// updates; not for a reduction, a copy clause (of the construct or of a data
// construct around it), a variable declared in the construct, a nested
// loop's variable, or in `kernels` (where such scalars are copy).
// RUN: %ferry-clang -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=warning:
// RUN: %ferry-clangxx -x c++ -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=warning:

double a[100];

void updates(int n) {
  double sum = 0, prod = 1;
  int count = 0, bits = 0, j;
// CHECK: firstprivate-updated.c:[[#@LINE+3]]:5: warning: 'sum' is updated in the iterations of this 'parallel loop' but no clause names it, so it is firstprivate (OpenACC 3.3, 2.6.2): each gang updates a copy of its own and 'sum' keeps its value after the construct; add 'reduction(+:sum)'
#pragma acc parallel loop
  for (int i = 0; i < n; i++) {
    sum += a[i];
// CHECK: firstprivate-updated.c:[[#@LINE+1]]:5: warning: 'count' {{.*}} add 'reduction(+:count)'
    count++;
// CHECK: firstprivate-updated.c:[[#@LINE+1]]:5: warning: 'prod' {{.*}} add 'reduction(*:prod)'
    prod *= a[i];
// CHECK: firstprivate-updated.c:[[#@LINE+1]]:5: warning: 'bits' {{.*}} this 'parallel loop' {{.*}} add 'reduction(|:bits)'
    bits |= i;
  }
// CHECK: firstprivate-updated.c:[[#@LINE+3]]:5: warning: 'sum' is updated in the iterations of this 'serial loop'
#pragma acc serial loop
  for (int i = 0; i < n; i++)
    sum += a[i];
  // No warning: a reduction, copy clauses, a data construct's copy, the
  // construct's own variable, a nested loop's variable, kernels.
#pragma acc parallel loop reduction(+:sum) copy(count)
  for (int i = 0; i < n; i++) {
    sum += a[i];
#pragma acc atomic update
    count++;
  }
#pragma acc data copy(bits)
  {
#pragma acc parallel loop
    for (int i = 0; i < n; i++) {
#pragma acc atomic update
      bits |= i;
    }
  }
#pragma acc parallel
  {
    double local = 0;
#pragma acc loop
    for (int i = 0; i < n; i++) {
      local = 0;
      for (j = 0; j < 4; j++)
        local += a[i] * j;
      a[i] = local;
    }
  }
#pragma acc kernels loop
  for (int i = 0; i < n; i++)
    sum += a[i];
}

// Updates written as plain assignments: the reductions they are (NVIDIA's
// laplace labs write `error = fmax(error, ...)`).
#include <math.h>
void assignments(int n) {
  double error = 0, low = 1e9, total = 0, scale = 1, peak = 0, floor_ = 1e9, other = 0;
  double prod2 = 1, w = 0.5, tmp;
#pragma acc parallel loop
  for (int i = 0; i < n; i++) {
// CHECK: firstprivate-updated.c:[[#@LINE+1]]:5: warning: 'error' {{.*}} add 'reduction(max:error)'
    error = fmax(error, a[i]);
// CHECK: firstprivate-updated.c:[[#@LINE+1]]:5: warning: 'low' {{.*}} add 'reduction(min:low)'
    low = fmin(a[i], low);
// CHECK: firstprivate-updated.c:[[#@LINE+1]]:5: warning: 'total' {{.*}} add 'reduction(+:total)'
    total = a[i] * 2 + total;
// CHECK: firstprivate-updated.c:[[#@LINE+1]]:5: warning: 'scale' {{.*}} add 'reduction(*:scale)'
    scale = scale * a[i];
    if (a[i] > peak)
// CHECK: firstprivate-updated.c:[[#@LINE+1]]:7: warning: 'peak' {{.*}} add 'reduction(max:peak)'
      peak = a[i];
    if (floor_ > a[i])
// CHECK: firstprivate-updated.c:[[#@LINE+1]]:7: warning: 'floor_' {{.*}} add 'reduction(min:floor_)'
      floor_ = a[i];
    // `w * total;` at the end of a statement is a product, not a declaration
    // of a pointer `total` of type `w` (which hid the warning). (Nor a sum:
    // prod2 is read beside its update, so the advice is `copy`.)
// CHECK: firstprivate-updated.c:[[#@LINE+1]]:5: warning: 'prod2' {{.*}} name it in a 'copy' clause (the iterations read its running value, which a reduction would not give them)
    prod2 += w * prod2;
    // A temporary each iteration starts anew (`tmp = 0;` before its
    // updates): private in effect, no reduction to add.
    tmp = 0;
    tmp += a[i];
    a[i] = tmp;
    // Not a reduction: assigned from other values only, or x subtracted.
    other = a[i] * 2;
    other = a[i] - other;
  }
}

// Updates that carry a value from one iteration to the next (OpenACC sweep
// 14 F4: a reduction clause, as advised before, changes what the iterations
// compute): a prefix sum reads its running value, a recurrence scales it, an
// affine update is no product: each is to be named in `copy`.
void carried(int n, double *p, double *y) {
  double s = 0, x = 0, z = 1;
#pragma acc serial loop copyout(p[0:n], y[0:n])
  for (int i = 0; i < n; i++) {
// CHECK: firstprivate-updated.c:[[#@LINE+1]]:5: warning: 's' {{.*}}'serial loop'{{.*}}; name it in a 'copy' clause (the iterations read its running value, which a reduction would not give them)
    s += a[i];
    p[i] = s;
// CHECK: firstprivate-updated.c:[[#@LINE+1]]:5: warning: 'x' {{.*}}; name it in a 'copy' clause (the iterations
    x = 0.5 * x + a[i];
    y[i] = x;
// CHECK: firstprivate-updated.c:[[#@LINE+1]]:5: warning: 'z' {{.*}}; name it in a 'copy' clause (the iterations
    z = z * 2 + a[i];
  }
}

// `atomic` updates of such a scalar (Farber's accCounter): its rewritten
// statement names it inside a call; the warning says to name it in `copy`.
// Not for `atomic read`, an array element, a `copy` clause, or a local of
// the construct.
void atomics(int n) {
  int counter = 0, shared = 0, seen = 0;
  double s = 0;
#pragma acc parallel loop copy(shared)
  for (int i = 0; i < n; i++) {
    int mine = 0;
// CHECK: firstprivate-updated.c:[[#@LINE+2]]:5: warning: 'counter' is updated by an 'atomic' construct in the iterations of this 'parallel loop' but no clause names it, so it is firstprivate (OpenACC 3.3, 2.6.2): each gang updates a copy of its own and 'counter' keeps its value after the construct; name it in a 'copy' clause so that the atomic updates reach one variable
#pragma acc atomic update
    counter++;
// CHECK: firstprivate-updated.c:[[#@LINE+2]]:5: warning: 's' is updated by an 'atomic' construct {{.*}} 'parallel loop'
#pragma acc atomic
    s += a[i];
#pragma acc atomic
    shared += 1;
#pragma acc atomic
    a[i % 10] += 1;
#pragma acc atomic
    mine++;
    int v;
#pragma acc atomic read
    v = seen;
    a[i] = v + mine;
  }
#pragma acc parallel
  {
#pragma acc loop
    for (int i = 0; i < n; i++) {
// CHECK: firstprivate-updated.c:[[#@LINE+2]]:14: warning: 'counter' is updated by an 'atomic' construct in the iterations of this '{{.*}}'
#pragma acc atomic capture
      seen = counter++;
    }
  }
#pragma acc kernels loop
  for (int i = 0; i < n; i++) {
#pragma acc atomic
    counter += 2;
  }
}

// A nested loop's private variable, updated there (IDRIS's LJ solution:
// `loop private(xij, ...)` in a loop that runs in order): that loop's own,
// no warning (before: "'x' is updated ... add 'reduction(+:x)'").
void nested_private(double *a, double *e_out) {
  double x, e = 0;
// CHECK: firstprivate-updated.c:[[#@LINE+3]]:{{[0-9]+}}: warning: the iterations of this OpenACC loop over 'j' are not independent
#pragma acc parallel loop copyout(a[0:16]) reduction(+:e)
  for (int i = 0; i < 4; ++i)
#pragma acc loop private(x)
    for (int j = 0; j < 4; ++j) {
      x = i * 10 + j;
      x -= 1;
      if (x > 0)
        e += x;
      a[i * 4 + j] = x;
    }
  *e_out = e;
}

// A temporary assigned before its updates in the branches of an `if` that
// use it (chandlerz/LBM_OpenACC's `vx = ...; vx = vx + tau * Gx;` in an
// `else`): each iteration's own, no warning. One that a branch assigns and
// a later statement reads on the path that did not is an update.
void branches(int n, double *b) {
  double v, u = 0, t;
#pragma acc parallel loop copy(b[0:n])
  for (int i = 0; i < n; i++) {
    if (i % 2)
      b[i] = 0;
    else {
      v = a[i] * 2;
      v = v + 1;
      b[i] = v;
    }
    if (i > 4) {
      t = a[i];
      t *= 2;
      b[i] += t;
    } else if (i > 2) {
      t = 1;
      t += a[i];
      b[i] -= t;
    }
// CHECK: firstprivate-updated.c:[[#@LINE+2]]:7: warning: 'u' {{.*}} name it in a 'copy' clause (the iterations read its running value
    if (i > 1)
      u = a[i];
    u += 1;
    b[i] += u;
  }
}

// The same temporary in the vector loop of a gang/worker/vector nest of a
// `parallel` construct (LBM_OpenACC's collision()): the nested loops are
// read as written, not as their rewritten code. No warning.
void nest(double *g, const double *f, const int *flag) {
  double v;
  int x, y, z;
#pragma acc parallel copyin(f[0:512], flag[0:512]) copyout(g[0:512])
#pragma acc loop gang
  for (z = 0; z < 4; z++) {
#pragma acc loop worker
    for (y = 0; y < 4; y++) {
#pragma acc loop vector
      for (x = 0; x < 32; x++) {
        if (flag[(z * 4 + y) * 32 + x])
          g[(z * 4 + y) * 32 + x] = 0;
        else {
          v = f[(z * 4 + y) * 32 + x] * 2;
          v = v + 1;
          g[(z * 4 + y) * 32 + x] = v;
        }
      }
    }
  }
}

// An accumulator reset at the end of each iteration (xstupi00's N-body):
// every iteration starts from the same value, so a reduction or copy (the
// warning's advice) would change the program: no warning. A sum that is
// not reset still gets one.
void reset_at_end(float *out, int n) {
  float acc = 0.0f, kept = 0.0f;
#pragma acc parallel loop copyout(out[0:n])
  for (int i = 0; i < n; i++) {
#pragma acc loop seq
    for (int j = 0; j < i; j++)
      acc += 1.0f;
    out[i] = 2 * acc;
    acc = 0.0f;
  }
#pragma acc parallel loop copyout(out[0:n])
  for (int i = 0; i < n; i++) {
// CHECK: firstprivate-updated.c:[[#@LINE+1]]:5: warning: 'kept' is updated in the iterations
    kept += 1.0f;
    out[i] = kept;
    if (i > 2)
      kept = 0.0f;
  }
}

// A plain loop that is all of a `parallel` construct (no `loop`
// directive) is a `parallel loop`: its scalars are firstprivate too, warned
// the same way, and keep their value (GCC's result; Ferry summed them into
// the host's variable before). A clause naming the variable, or `kernels`,
// gives it the sum, without a warning.
void plain_loops(int n) {
  int s = 0, t = 0, u = 0;
  float m = 0;
#pragma acc parallel
  for (int i = 0; i < n; i++)
// CHECK: firstprivate-updated.c:[[#@LINE+1]]:5: warning: 's' is updated in the iterations of this 'parallel' but no clause names it, so it is firstprivate (OpenACC 3.3, 2.6.2): each gang updates a copy of its own and 's' keeps its value after the construct; add 'reduction(+:s)'
    s += a[i];
#pragma acc parallel async
  for (int i = 0; i < n; i++)
// CHECK: firstprivate-updated.c:[[#@LINE+1]]:5: warning: 'm' {{.*}} this 'parallel' {{.*}} add 'reduction(max:m)'
    m = fmaxf(m, a[i]);
#pragma acc wait
#pragma acc parallel reduction(+:t)
  for (int i = 0; i < n; i++)
    t += a[i];
#pragma acc parallel copy(u)
  for (int i = 0; i < n; i++)
    u += a[i];
#pragma acc kernels
  for (int i = 0; i < n; i++)
    u += a[i];
}
