// An array section of a class object (`copy(v[0:n])` of a std::vector) is
// one error naming the variable, its type and what to write instead
// (before: an internal "cannot cast ... section_pointer" error from Ferry's
// header, then its static assertion). What to write depends on the class:
// its data() (a std::vector), the data() of what it points to (a smart
// pointer to a container, complete or not yet), its get() (a smart
// pointer), or a pointer to its memory in general terms.
// RUN: not %ferry-clangxx -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <memory>
#include <vector>

struct Owner {
  double *buf;
  explicit Owner(int n) : buf(new double[n]) {}
  Owner(const Owner &o) : buf(o.buf) {}
};

int main() {
  const int n = 8;
  std::vector<double> v(n, 1.0);
// CHECK: section-of-object.cpp:[[#@LINE+1]]:32: error: 'v' in 'copy(v[...])' is a 'std::vector<double>', not a pointer or an array: an OpenACC array section needs one (its data() is that memory: 'double *p = v.data();' with 'copy(p[lo:len])')
#pragma acc parallel loop copy(v[0:n])
  for (int i = 0; i < n; i++)
    v[i] *= 2;
  std::shared_ptr<std::vector<float>> shared(new std::vector<float>(n));
  auto made = std::make_shared<std::vector<int>>(n);
  std::unique_ptr<double[]> unique(new double[n]);
  Owner owner(n);
// CHECK: :[[#@LINE+1]]:34: error: 'shared' in 'copyin(shared[...])' is a 'std::shared_ptr<std::vector<float> >', {{.*}} (the data() of what it points to is that memory: 'float *p = shared->data();' with 'copyin(p[lo:len])')
#pragma acc parallel loop copyin(shared[0:n])
  for (int i = 0; i < n; i++)
    v[i] += 1;
// CHECK: :[[#@LINE+1]]:34: error: 'made' in 'copyin(made[...])' is a {{.*}} (the data() of what it points to is that memory: 'auto *p = made->data();' with 'copyin(p[lo:len])')
#pragma acc parallel loop copyin(made[0:n])
  for (int i = 0; i < n; i++)
    v[i] += 1;
// CHECK: :[[#@LINE+1]]:34: error: 'unique' in 'copyin(unique[...])' is a 'std::unique_ptr<double[]>', {{.*}} (a pointer to that memory, for example 'double *p = unique.get();' with 'copyin(p[lo:len])')
#pragma acc parallel loop copyin(unique[0:n])
  for (int i = 0; i < n; i++)
    v[i] += 1;
// CHECK: :[[#@LINE+1]]:34: error: 'owner' in 'copyin(owner[...])' is a 'Owner', {{.*}} (a pointer to that memory: 'T *p = <the memory owner owns>;' with 'copyin(p[lo:len])')
#pragma acc parallel loop copyin(owner[0:n])
  for (int i = 0; i < n; i++)
    v[i] += 1;
  return 0;
}
