// See eof-after-nested-directive.cpp: a pragma not OpenACC's ends the file.
void f() {
#pragma acc parallel
#pragma GCC diagnostic push
