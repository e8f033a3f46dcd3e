// A compute construct in a member function whose statement uses the object
// (a member, a member function, `this`) gets an implicit `copy(this)`, but
// where statements of it run on the host (e2e/this-implicit.cpp). The members of a class being defined are read
// from its source too: those declared after the member function count, but
// not static ones, types, or a parameter or local of a member's name.
// RUN: %ferry-clangxx -fsyntax-only -fplugin-arg-ferry-remarks %s 2>&1 | %FileCheck %s --implicit-check-not='copy((*this))'
struct Later {
  void member(float *y, int n) {
// CHECK: implicit-this.cpp:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'parallel loop' over 'i': {{.*}} data: copy((*this)) copy(y[0:n]);
#pragma acc parallel loop copy(y[0:n])
    for (int i = 0; i < n; ++i)
      y[i] = a * i;
  }
  void call(float *y, int n) {
// CHECK: implicit-this.cpp:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'parallel loop' over 'i': {{.*}} data: copy((*this)) copy(y[0:n]);
#pragma acc parallel loop copy(y[0:n])
    for (int i = 0; i < n; ++i)
      y[i] = twice(i);
  }
  void explicitThis(float *y, int n) {
// CHECK: implicit-this.cpp:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'parallel loop' over 'i': {{.*}} data: copy((*this)) copy(y[0:n]);
#pragma acc parallel loop copy(y[0:n])
    for (int i = 0; i < n; ++i)
      y[i] = this->b[i % 2];
  }
  // None: a parameter and a local hide the members; statics and types.
  void hidden(float *y, int n, float a) {
    int b = 2;
#pragma acc parallel loop copy(y[0:n])
    for (int i = 0; i < n; ++i)
      y[i] = a * b + K + Kind(i);
  }
  // None: a clause names the object, or the default says where it is.
  void named(float *y, int n) {
#pragma acc parallel loop present(this) copy(y[0:n])
    for (int i = 0; i < n; ++i)
      y[i] = a;
#pragma acc parallel loop default(present)
    for (int i = 0; i < n; ++i)
      y[i] = a;
  }
  // A block construct whose loops are regions of their own: the copy is
  // the construct's.
  void block(float *y, int n) {
// CHECK: implicit-this.cpp:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'parallel' (its loops are regions of their own); data: copy((*this)) copy(y[0:n])
#pragma acc parallel copy(y[0:n])
    {
#pragma acc loop
      for (int i = 0; i < n; ++i)
        y[i] = a * i;
    }
  }
  // None where statements run on the host (a time loop): the host's object
  // is theirs.
  void control(float *y, int n) {
#pragma acc kernels copy(y[0:n])
    {
      for (int s = 0; s < steps; ++s) {
#pragma acc loop
        for (int i = 0; i < n; ++i)
          y[i] += a;
      }
    }
  }
  float twice(int i) const { return 2.0f * i; }
  float a = 3, b[2] = {1, 2};
  int steps = 2;
  static constexpr int K = 4;
  using Kind = float;
};

struct OutOfLine {
  int stride = 2;
  void fill(int *c, int n);
  static void none(int *c, int n);
};

void OutOfLine::fill(int *c, int n) {
// CHECK: implicit-this.cpp:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'parallel loop' over 'i': {{.*}} data: copy((*this)) copy(c[0:n]);
#pragma acc parallel loop copy(c[0:n])
  for (int i = 0; i < n; ++i)
    c[i] = i * stride;
}

void OutOfLine::none(int *c, int n) {
  int stride = 3;
#pragma acc parallel loop copy(c[0:n])
  for (int i = 0; i < n; ++i)
    c[i] = i * stride;
}
