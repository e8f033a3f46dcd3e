// Routines shared by routine-across-tus.cpp and Inputs/routine-tu-lib.cpp:
// declared here, each defined in one of the two files.
#pragma acc routine seq
double damp(double x, double k);
#pragma acc routine vector
double row_total(const double *row, int m);
extern "C" {
#pragma acc routine seq
int c_clamp(int v, int lo, int hi);
}
double twice(double x);
#pragma acc routine(twice) seq
#pragma acc routine seq
double shift(double x);
void lib_scale(double *a, int n);
