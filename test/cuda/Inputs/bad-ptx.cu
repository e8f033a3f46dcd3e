// Device code Ferry cannot translate: inline PTX it does not know.
__global__ void k(int *p) {
  int v;
  asm volatile("frobnicate.b32 %0;" : "=r"(v));
  *p = v;
}
