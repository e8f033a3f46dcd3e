#include <cstdio>

int scaleOnDevice(float *h, float s, int n);

int main() {
  float v[1000];
  for (int i = 0; i < 1000; ++i)
    v[i] = i;
  if (scaleOnDevice(v, 2.0f, 1000))
    return std::puts("FAIL: CUDA error"), 1;
  for (int i = 0; i < 1000; ++i)
    if (v[i] != 2.0f * i)
      return std::printf("FAIL at %d\n", i), 1;
  std::puts("PASS");
  return 0;
}
