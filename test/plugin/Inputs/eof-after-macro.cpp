// See eof-after-nested-directive.cpp: a macro's tokens end the file.
#define SET x = 1;
int x;
void f() {
#pragma acc parallel
{
SET
