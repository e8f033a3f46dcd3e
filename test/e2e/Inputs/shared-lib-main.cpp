// The program of device-link-shared.test: a region of its own and one of
// the shared library it links (Inputs/second-tu.cpp).
#include <cstdio>
long second_tu_sum(int n);
int main() {
  long s = 0;
#pragma acc parallel loop reduction(+ : s)
  for (int i = 0; i < 100; ++i)
    s += i;
  const long t = second_tu_sum(100);
  if (s != 4950 || t != 4950) {
    std::printf("FAIL %ld %ld\n", s, t);
    return 1;
  }
  std::printf("PASS %ld %ld\n", s, t);
  return 0;
}
