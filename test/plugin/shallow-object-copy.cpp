// A data clause that names a C++ object whose type is not trivially
// copyable (a std::vector) maps the object's own bytes, not the memory it
// owns: Ferry warns, naming the variable, its type and the clause, and says
// what to map instead. Not for trivially copyable objects, sections, or an
// object whose members the directive maps too (a deep copy the program
// writes itself).
// RUN: %ferry-clangxx -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=warning:
#include <vector>

struct Plain {
  double x[4];
  int n;
};

struct Owner {
  double *data;
  int n;
  ~Owner() {}
};

void maps(int n) {
  std::vector<double> v(n), w(n);
  Plain p{};
  Owner o{nullptr, n};
  double *pv = v.data();
// CHECK: shallow-object-copy.cpp:[[#@LINE+2]]:26: warning: 'v' is a 'std::vector<double>', which is not trivially copyable: 'copyout' maps the object's own bytes, not the memory it owns (OpenACC's data clauses copy shallowly), so its device copy holds the host's pointers, which a GPU that does not reach host memory cannot use; map that memory instead (its data() is that memory: 'double *p = v.data();' with 'copyout(p[0:n])')
// CHECK: shallow-object-copy.cpp:[[#@LINE+1]]:36: warning: 'w' is a 'std::vector<double>', {{.*}} 'create'
#pragma acc data copyout(v) create(w)
  {
  }
#pragma acc data copy(p) copyout(pv[0:n]) copyin(o, o.data[0:n])
  {
  }
}
