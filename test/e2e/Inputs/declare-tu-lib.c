/* The other file of e2e/c-declare-across-tus.c: it defines the declared
 * global and the routines that use it, and a static declared variable. */
#define N 1000
#ifdef __cplusplus
namespace lib {
#endif
double field[N];
#pragma acc declare create(field)
#ifdef __cplusplus
}
using lib::field;
#endif

static double scale[1] = {3.0};
#pragma acc declare copyin(scale)

#pragma acc routine seq
void set_field(int i) { field[i] = 2.0 * i; }

#pragma acc routine seq
double scaled(double x) { return x * scale[0]; }
