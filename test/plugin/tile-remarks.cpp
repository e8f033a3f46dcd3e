// The geometry `tile` gives a nest, as the remark says it: the sizes (with
// `*` resolved to its default, 8x32 for two levels, 1x8x32 for three, 256
// for one, halved while a tile would not fit a block), the tile loops over
// gangs and the element loops over a gang's work-items, one tile each
// (its volume rounded up to whole warps).
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s

void tiles(double *a, int n) {
// CHECK: tile-remarks.cpp:[[@LINE+1]]:{{.*}} 'parallel loop' over a tile(8, 16) nest: tiles of 8x16 iterations, the tile loops over gangs, the element loops over a gang's 128 work-items (unless vector_length sets them), partial tiles at the edges skip the missing elements
#pragma acc parallel loop tile(8, 16) copy(a[0:n * n])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      a[i * n + j] += 1;
// CHECK: tile-remarks.cpp:[[@LINE+1]]:{{.*}} over a tile(8, 32) nest: tiles of 8x32 iterations, {{.*}} 256 work-items
#pragma acc parallel loop tile(*, *) copy(a[0:n * n])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      a[i * n + j] += 1;
// CHECK: tile-remarks.cpp:[[@LINE+1]]:{{.*}} over a tile(1, 8, 32) nest: tiles of 1x8x32 iterations, {{.*}} 256 work-items
#pragma acc parallel loop tile(*, *, *) copy(a[0:n * n * n])
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        a[(k * n + i) * n + j] += 1;
// CHECK: tile-remarks.cpp:[[@LINE+1]]:{{.*}} over a tile(256) nest: tiles of 256 iterations, {{.*}} 256 work-items
#pragma acc parallel loop tile(*) copy(a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] += 1;
// Three explicit levels of 3x5x7 = 105 iterations: four warps of work-items.
// CHECK: tile-remarks.cpp:[[@LINE+1]]:{{.*}} over a tile(3, 5, 7) nest: tiles of 3x5x7 iterations, {{.*}} 128 work-items
#pragma acc parallel loop tile(3, 5, 7) copy(a[0:n * n * n])
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        a[(k * n + i) * n + j] += 1;
// `*` next to a large size shrinks: 512 columns leave 2 rows.
// CHECK: tile-remarks.cpp:[[@LINE+1]]:{{.*}} over a tile(2, 512) nest: tiles of 2x512 iterations, {{.*}} 1024 work-items
#pragma acc parallel loop tile(*, 512) copy(a[0:n * n])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      a[i * n + j] += 1;
}
