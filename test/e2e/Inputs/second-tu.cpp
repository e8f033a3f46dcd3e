// A second translation unit with its own region (templates-members.cpp).
long second_tu_sum(int n) {
  long s = 0;
#pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += i;
  return s;
}
