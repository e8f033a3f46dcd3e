// A directive at the end of a header, its statement in the file that
// includes it (plugin/statement-include.cpp).
#pragma acc data copyin(a[0:1])
