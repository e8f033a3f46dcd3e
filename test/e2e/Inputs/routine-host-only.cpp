// The definition of routine-undefined.cpp's routine, compiled without
// device code (-fplugin-arg-ferry-targets=none): the host has it, no GPU
// image does.
#pragma acc routine seq
double nowhere(double x) { return x; }
