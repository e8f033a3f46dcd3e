// Namespace-scope and static pointers that regions use, as C-style
// mini-apps write them: arrays allocated once, put on the device with
// 'enter data', and used in regions under default(present) through the
// global pointers (and a global struct holding pointers). The regions must
// use the device addresses the pointers translate to, not the host values.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>
#include <cstdlib>

double *u, *v;
static int n_cells;
struct Mesh {
  double *x;
  int *index;
  int n;
} mesh;

static void init() {
  n_cells = 10000;
  u = (double *)std::malloc(n_cells * sizeof(double));
  v = (double *)std::malloc(n_cells * sizeof(double));
  mesh.n = n_cells;
  mesh.x = (double *)std::malloc(n_cells * sizeof(double));
  mesh.index = (int *)std::malloc(n_cells * sizeof(int));
  for (int i = 0; i < n_cells; ++i) {
    u[i] = i;
    v[i] = 0;
    mesh.x[i] = 0.5 * i;
    mesh.index[i] = n_cells - 1 - i;
  }
#pragma acc enter data copyin(u[0:n_cells], v[0:n_cells])
  double *mx = mesh.x;
  int *mi = mesh.index;
#pragma acc enter data copyin(mx[0:n_cells], mi[0:n_cells])
}

static void step() {
#pragma acc parallel loop default(present)
  for (int i = 0; i < n_cells; ++i)
    v[i] = 2 * u[i];
#pragma acc parallel loop default(present)
  for (int i = 0; i < mesh.n; ++i)
    v[i] += mesh.x[mesh.index[i]];
}

int main() {
  init();
  step();
#pragma acc update self(v[0:n_cells])
  int err = 0;
  for (int i = 0; i < n_cells; ++i) {
    const double want = 2.0 * i + 0.5 * (n_cells - 1 - i);
    if (v[i] != want) {
      std::printf("v[%d] = %g, want %g\n", i, v[i], want);
      ++err;
      break;
    }
  }
  double *mx = mesh.x;
  int *mi = mesh.index;
#pragma acc exit data delete(u[0:n_cells], v[0:n_cells], mx[0:n_cells], mi[0:n_cells])
  return err;
}
