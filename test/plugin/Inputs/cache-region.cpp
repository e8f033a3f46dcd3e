// One region, for the compile-cache test (five targets: four AMD code
// objects and PTX, plus the four translated modules of -embed-ir).
int main() {
  float x[100];
#pragma acc parallel loop copyout(x)
  for (int i = 0; i < 100; ++i)
    x[i] = 2.0f * i;
  return x[99] == 198.0f ? 0 : 1;
}
