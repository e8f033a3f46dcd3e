// The data clause names OpenACC 3.3 still accepts (pcopy, present_or_copy,
// ...) are the clauses they alias; '-' in a reduction is OpenACC 2.x's and
// warns that it is treated as '+'.
// RUN: %ferry-clangxx -fsyntax-only -Xclang -verify %s
// RUN: %ferry-clangxx -E -DREWRITE %s 2>/dev/null | tr -d " \n" | %FileCheck %s

void f(float *a, float *b, float *c, float *d, int n) {
  float s = 0;
#pragma acc parallel loop pcopy(a[0:n]) present_or_copyin(b[0:n]) pcopyout(c[0:n]) present_or_create(d[0:n]) reduction(-:s) // expected-warning {{the OpenACC reduction operator '-' is not in OpenACC 3.3; Ferry treats it as '+' (the partial results are added)}}
  for (int i = 0; i < n; ++i) {
    c[i] = a[i] + b[i] + d[i];
    s -= a[i];
  }
#pragma acc data pcopyin(a[0:n]) pcreate(d[0:n]) present_or_copyout(c[0:n]) present_or_copy(b[0:n])
  {}
}
// CHECK: ::ferry::acc::writable_kind(FERRY_DATA_COPY,&(a)[0]),0,"a[0:n]"
// CHECK: FERRY_DATA_COPYIN,0,"b[0:n]"
// CHECK: ::ferry::acc::writable_kind(FERRY_DATA_COPYOUT,&(c)[0]),0,"c[0:n]"
// CHECK: FERRY_DATA_CREATE,0,"d[0:n]"
// CHECK: ::ferry::acc::reduce<::ferry::acc::op::add>(s)
// CHECK: FERRY_DATA_COPYIN,0,"a[0:n]"
// CHECK: FERRY_DATA_CREATE,0,"d[0:n]"
// CHECK: ::ferry::acc::writable_kind(FERRY_DATA_COPYOUT,&(c)[0]),0,"c[0:n]"
// CHECK: ::ferry::acc::writable_kind(FERRY_DATA_COPY,&(b)[0]),0,"b[0:n]"
