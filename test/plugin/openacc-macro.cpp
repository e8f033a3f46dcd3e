// The plugin defines _OPENACC (OpenACC 2.7/3.x date 201811) and makes
// <openacc.h> available without any -I.
// RUN: %clangxx -fplugin=%ferry-plugin -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
#include <openacc.h>
#if _OPENACC != 201811
#error "_OPENACC has the wrong value"
#endif
int f() { return acc_on_device(acc_device_host); }
