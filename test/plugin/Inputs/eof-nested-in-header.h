// See eof-after-nested-directive.cpp: the statement runs into the end of a
// header, past a nested directive refused at once.
void f() {
#pragma acc parallel
#pragma acc parallel
