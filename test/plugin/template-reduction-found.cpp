// A scalar of a template's type that a plain loop in `kernels` updates as a
// reduction is taken for one before instantiation (ImplicitLoops.cpp): the
// remark names the reduction, and an instantiation that makes it a class
// is refused with words that say what Ferry took it for and what to write.
// RUN: not %ferry-clangxx -fsyntax-only -fplugin-arg-ferry-remarks %s 2>&1 | %FileCheck %s

struct Accumulator {
  double x;
  Accumulator(int v = 0) : x(v) {}
  Accumulator &operator+=(const Accumulator &o) {
    x += o.x;
    return *this;
  }
};

// CHECK: template-reduction-found.cpp:[[@LINE+5]]:3: remark: ferry: plain loop in 'kernels' (as 'loop') over 'i', iterations proven independent{{.*}}reductions: +:s;
template <typename T>
T sum(int n, const T *a) {
  T s = 0;
#pragma acc kernels copyin(a[0:n])
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

float sumFloats(const float *a) { return sum(4, a); }

// CHECK: error: static assertion failed due to requirement 'is_reducible<Accumulator>::value': Ferry took this variable of a template's type, which a loop in 'kernels' updates as a reduction, for a scalar: this instantiation makes it no arithmetic or complex type; write '#pragma acc loop seq' before the loop (it then runs in order, the variable 'copy')
// CHECK: note: in instantiation of function template specialization 'ferry::acc::reduce_found<ferry::acc::op::add, Accumulator>' requested here
// CHECK: note: in instantiation of function template specialization 'sum<Accumulator>' requested here
Accumulator sumAccumulators(const Accumulator *a) { return sum(4, a); }
