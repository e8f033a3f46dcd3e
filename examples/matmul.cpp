// Matrix multiply C = A * B: the two outer loops collapsed into one parallel
// loop, the inner product a sequential loop inside each iteration.
//   ferry-clang++ -O2 matmul.cpp -o matmul && ./matmul
#include <cstdio>
#include <vector>

int main() {
  const int n = 192, k = 160, m = 128;
  std::vector<float> av(n * k), bv(k * m), cv(n * m, -1.0f);
  for (int i = 0; i < n * k; ++i)
    av[i] = float(i % 5);
  for (int i = 0; i < k * m; ++i)
    bv[i] = float(i % 3) - 1.0f;
  const float *a = av.data(), *b = bv.data();
  float *c = cv.data();
#pragma acc parallel loop collapse(2) copyin(a[0:n * k], b[0:k * m]) copyout(c[0:n * m])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      float s = 0.0f;
#pragma acc loop seq
      for (int l = 0; l < k; ++l)
        s += a[i * k + l] * b[l * m + j];
      c[i * m + j] = s;
    }
  int bad = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      float s = 0.0f;
      for (int l = 0; l < k; ++l)
        s += a[i * k + l] * b[l * m + j];
      bad += c[i * m + j] != s;
    }
  std::printf("matmul: %dx%d times %dx%d, %d wrong\nmatmul: %s\n", n, k, k, m, bad,
              bad ? "FAILED" : "ok");
  return bad ? 1 : 0;
}
