// saxpy with OpenACC: y = a*x + y on the best available device.
//   ferry-clang++ -O2 saxpy.cpp -o saxpy && ./saxpy
#include <openacc.h>

#include <cmath>
#include <cstdio>
#include <vector>

static const char *deviceName(acc_device_t T) {
  switch (T) {
  case acc_device_radeon:
    return "AMD GPU (radeon)";
  case acc_device_nvidia:
    return "NVIDIA GPU (nvidia)";
  case acc_device_host:
    return "host CPU (host)";
  default:
    return "none";
  }
}

int main() {
  const int n = 1 << 20;
  const float a = 2.5f;
  std::vector<float> xs(n), ys(n);
  for (int i = 0; i < n; ++i) {
    xs[i] = float(i % 1000);
    ys[i] = 1.0f;
  }
  const float *x = xs.data();
  float *y = ys.data();

#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];

  float maxError = 0.0f;
  for (int i = 0; i < n; ++i)
    maxError = std::fmax(maxError, std::fabs(ys[i] - (a * float(i % 1000) + 1.0f)));
  std::printf("saxpy: n=%d a=%.1f y[0]=%.1f y[999]=%.1f max error %g\n", n, a,
              ys[0], ys[999], maxError);
  std::printf("device: %s\n", deviceName(acc_get_device_type()));
  std::printf("saxpy: %s\n", maxError == 0.0f ? "ok" : "FAILED");
  return maxError == 0.0f ? 0 : 1;
}
