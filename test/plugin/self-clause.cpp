// The self clause of compute constructs (OpenACC 3.3 2.5.6) runs the
// region on the local thread where its condition holds (always without
// one), after the if clause's condition, whichever comes first.
// RUN: %ferry-clangxx -E %s | tr -d " \n" | %FileCheck %s
void f(double *a, int n, int c) {
#pragma acc parallel loop self copy(a[0:n])
  for (int i = 0; i < n; ++i) a[i] = 0;
// CHECK: __ferry_options.on_device=__ferry_options.on_device&&!static_cast<bool>(1);
#pragma acc serial self(c > 1) if(n)
  a[0] = 1;
// CHECK: __ferry_options.on_device=static_cast<bool>(n);__ferry_options.on_device=__ferry_options.on_device&&!static_cast<bool>(c>1);
#pragma acc kernels self(c)
  a[1] = 2;
// CHECK: __ferry_options.on_device=__ferry_options.on_device&&!static_cast<bool>(c);
}
