/* Routines shared by c-cxx-routines.c (C) and Inputs/c-cxx-routines-lib.cpp
 * (C++): each defined in one language and called from regions of both. */
#ifndef FERRY_E2E_C_ROUTINES_H
#define FERRY_E2E_C_ROUTINES_H
#ifdef __cplusplus
extern "C" {
#endif
#pragma acc routine seq
double c_poly(double x); /* defined in C */
#pragma acc routine seq
double cxx_scale(double x, int k); /* defined in C++ */
void cxx_region(double *a, int n); /* a C++ region that calls c_poly */
#ifdef __cplusplus
}
#endif
#endif
