// What a compute region cannot do on a GPU is an error where the user wrote
// it (reported after Sema, template instantiations included), with a note at
// the region. Host-only builds (targets=none) accept it all.
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s
// RUN: %ferry-clangxx -fplugin-arg-ferry-targets=none -fsyntax-only -DHOST_ONLY -Xclang -verify=host %s
// host-no-diagnostics
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <openacc.h>

int external_helper(int);               // no definition in this file
static int defined_helper(int x) { return 2 * x; }
int counter;                            // a host global
thread_local int tls;
double table[4];                        // a host global array
const double scale = 2.0;               // const with a constant initializer: fine
constexpr int width = 8;                // fine

struct Shape {
  virtual double area() const { return 1.0; }
  virtual ~Shape() = default;
};
struct Square final : Shape {
  double area() const override { return 4.0; }
};
// A pure virtual function: the virtual call is the one error (no second
// one for the missing body, OpenACC sweep 12 F12).
struct Solid {
  virtual double volume() const = 0;
  virtual ~Solid() = default;
};

static int deep(int x) { return external_helper(x) + 1; } // expected-error {{a compute region cannot call 'external_helper' on a GPU}}

void f(int n, double *a, Shape *s, Square *q, int (*fp)(int), Solid *solid) {
#ifndef HOST_ONLY
  // expected-note@+1 12 {{in the compute region that starts here}}
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; ++i) {
    a[i] = std::sqrt(a[i]) + std::exp(1.0) + sin(a[i]) * scale * width; // math maps to the device library
    a[i] += defined_helper(i);
    a[i] += external_helper(i); // expected-error {{a compute region cannot call 'external_helper' on a GPU: it has no definition in this translation unit (define it in this file, declare it with '#pragma acc routine' if another file defines it, or build host code only with -fplugin-arg-ferry-targets=none)}}
    a[i] += deep(i); // reported where deep() calls it
    a[i] += std::rand(); // expected-error {{a compute region cannot call 'rand' on a GPU: it is declared in the system header 'stdlib.h' and Ferry's device code has no version of it}}
    std::printf("%d\n", i); // printf runs on every device
    std::fprintf(stderr, "%d\n", i); // expected-error {{a compute region cannot do I/O ('fprintf') on a GPU; move it after the region}}
    // The host's branches are not device code (e2e/c-host-branches.c); a
    // device's are.
    if (acc_on_device(acc_device_host))
      std::fprintf(stderr, "%d\n", i);
    if (!acc_on_device(acc_device_not_host))
      a[i] += std::rand();
    if (acc_on_device(acc_device_host) && i > 0)
      std::fprintf(stderr, "%d\n", i);
    if (acc_on_device(acc_device_not_host) || i > 0)
      a[i] += 1;
    else
      std::fprintf(stderr, "%d\n", i);
    if (acc_on_device(acc_device_nvidia))
      std::fprintf(stderr, "%d\n", i); // expected-error {{a compute region cannot do I/O ('fprintf') on a GPU; move it after the region}}
    a[i] += s->area(); // expected-error {{a compute region cannot make the virtual call 'Shape::area' on a GPU; call a non-virtual function (or qualify the call)}}
    a[i] += solid->volume(); // expected-error {{a compute region cannot make the virtual call 'Solid::volume' on a GPU}}
    a[i] += s->Shape::area() + q->area(); // qualified, or final: direct calls
    a[i] += fp(i); // expected-error {{a compute region cannot call through a function pointer on a GPU; call the function by name}}
    counter = i; // expected-error {{a compute region cannot write the global variable 'counter', which is host memory; reduce into a local variable, or copy it to a local before the region and back after it}}
    a[i] += counter; // read: passed by value
    a[i] += tls; // expected-error {{a compute region cannot use the thread-local variable 'tls' on a GPU; copy it into a local variable before the region}}
    a[i] += table[i % 4]; // an array in no clause: copy (implicit), fine
    double *p = new double[2]; // trivial: the device heap's
    a[i] += p[0];
    delete[] p;
    double slot;
    a[i] += *new (&slot) double(2.0); // placement new: a construction, no allocation
    Shape *o = new Shape(); // expected-error {{a compute region cannot allocate or free memory with 'new' on a GPU (its device heap has 'malloc' and 'free'); allocate before the region and name the memory in a data clause, or use malloc}}
    (void)o;
    void *m = std::malloc(8); // the device heap's
    std::free(m);
    void *z = std::calloc(2, 8); // expected-error {{a compute region cannot allocate or free memory with 'calloc' on a GPU}}
    (void)z;
  }
#endif
}

// Members through 'this': the object where the device has it, checked at
// launch (e2e/this-implicit.cpp).
struct Grid {
  int stride = 3;
  void fill(int n, int *c) {
#pragma acc parallel loop copy(c[0:n])
    for (int i = 0; i < n; ++i)
      c[i] = i * stride;
  }
};

// In a template, each instantiation is checked (once per location).
template <class T> void g(int n, T *a) {
#pragma acc parallel loop copy(a[0:n]) // expected-note {{in the compute region that starts here}}
  for (int i = 0; i < n; ++i)
    a[i] = T(external_helper(i)); // expected-error {{a compute region cannot call 'external_helper' on a GPU}}
}
template void g<float>(int, float *);
template void g<double>(int, double *);

// A global array reached from a function the region calls: no clause can
// name it there.
static double from_table(int k) {
  return table[k % 4]; // expected-error {{a compute region cannot use the global array 'table' unless a data clause of the construct or '#pragma acc declare' names it}}
}
void uses_table(double *a, int n) {
#pragma acc parallel loop copy(a[0:n]) // expected-note {{in the compute region that starts here}}
  for (int i = 0; i < n; ++i)
    a[i] += from_table(i);
}

// Frame addresses, non-local jumps and run-time checked dynamic_casts have
// no device code (LLVM crashed on the first two; the last needs the C++
// runtime's __dynamic_cast). dynamic_cast<void *> and upcasts read no type
// information at run time: fine.
struct Circle : Shape {
  double area() const override { return 3.0; }
};
void frames_and_casts(double *a, int n, Shape *s, Circle *c) {
#ifndef HOST_ONLY
#pragma acc parallel loop copy(a[0:n]) // expected-note 4 {{in the compute region that starts here}}
  for (int i = 0; i < n; ++i) {
    a[i] = (long)__builtin_frame_address(0) & 1; // expected-error {{a compute region cannot use '__builtin_frame_address' on a GPU: device code has no frame addresses, return addresses or non-local jumps}}
    a[i] += (long)__builtin_return_address(0) & 1; // expected-error {{a compute region cannot use '__builtin_return_address' on a GPU}}
    void *buf[5];
    if (__builtin_setjmp(buf)) // expected-error {{a compute region cannot use '__builtin_setjmp' on a GPU}}
      a[i] = 0;
    a[i] += dynamic_cast<Circle *>(s) ? 1 : 0; // expected-error {{a compute region cannot 'dynamic_cast' to 'Circle *' on a GPU: the check needs the C++ runtime's type information (__dynamic_cast), which device code does not have; use a virtual function or a type tag}}
    a[i] += dynamic_cast<void *>(s) ? 1 : 0;
    a[i] += dynamic_cast<Shape *>(c) ? 1 : 0;
  }
#endif
}

// A variadic function that reads its arguments (the message named
// '__builtin_va_end' as a function to define).
static int sum_args(int n, ...) {
  va_list ap;
  va_start(ap, n); // expected-error {{a compute region cannot read a variadic function's arguments ('__builtin_va_start': va_start, va_arg, va_end) on a GPU; pass them in an array or as fixed parameters}}
  int s = 0;
  for (int k = 0; k < n; k++)
    s += va_arg(ap, int);
  va_end(ap); // expected-error {{a compute region cannot read a variadic function's arguments ('__builtin_va_end'}}
  return s;
}
void variadic(int *a, int n) {
#ifndef HOST_ONLY
#pragma acc parallel loop copy(a[0:n]) // expected-note 2 {{in the compute region that starts here}}
  for (int i = 0; i < n; ++i)
    a[i] = sum_args(2, i, 1);
#endif
}
