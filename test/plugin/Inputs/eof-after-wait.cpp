// See eof-after-nested-directive.cpp: the tokens of a nested directive end
// the file.
void f() {
#pragma acc parallel
{
#pragma acc wait
