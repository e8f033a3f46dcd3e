// A local struct a region changes and no clause names is `copy` (OpenACC
// 3.3, 2.6.2): where the region also goes through one of its pointer
// members, a warning says that the device copy holds the host's pointer
// (once per use, in C and in C++). Named in a member section, or only read
// (a copy in the closure, its pointers translated at launch), no warning.
// RUN: %ferry-clang -fsyntax-only -Xclang -verify %s
// RUN: %ferry-clangxx -x c++ -fsyntax-only -Xclang -verify %s

typedef struct {
  double *data;
  int n;
} view;

void changed(view v, double *buf) {
#pragma acc serial copy(buf[0:16])
  {
    for (int i = 0; i < 16; i++)
      v.data[i] = i; // expected-warning {{'v' is changed in this region and no clause names it, so it is 'copy' (OpenACC 3.3, 2.6.2): its device copy holds the host's pointer values}}
    v.n = 3;
  }
}

void attached(view v, double *buf) {
#pragma acc serial copy(buf[0:16], v.data[0:16])
  {
    for (int i = 0; i < 16; i++)
      v.data[i] = i;
    v.n = 3;
  }
}

void read_only(view v, double *out) {
#pragma acc parallel loop copyout(out[0:16])
  for (int i = 0; i < 16; i++)
    out[i] = v.data[i] * v.n;
}
