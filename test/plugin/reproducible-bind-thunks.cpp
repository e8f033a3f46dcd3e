// The object, embedded device IR included, is the same from one compile to
// the next when routines are bound to lambdas: the device module's bind
// thunks come in the order of the `routine` directives, not of pointers.
// Eight compiles with the cache off (the plugin before differed in most runs
// of eight, not in all of them: a pass there is not proof of order).
// RUN: rm -rf %t && mkdir %t
// RUN: env FERRY_CACHE=0 %ferry-clangxx -O2 -c %S/../e2e/routine-bind-lambdas.cpp -o %t/1.o
// RUN: env FERRY_CACHE=0 %ferry-clangxx -O2 -c %S/../e2e/routine-bind-lambdas.cpp -o %t/2.o
// RUN: env FERRY_CACHE=0 %ferry-clangxx -O2 -c %S/../e2e/routine-bind-lambdas.cpp -o %t/3.o
// RUN: env FERRY_CACHE=0 %ferry-clangxx -O2 -c %S/../e2e/routine-bind-lambdas.cpp -o %t/4.o
// RUN: env FERRY_CACHE=0 %ferry-clangxx -O2 -c %S/../e2e/routine-bind-lambdas.cpp -o %t/5.o
// RUN: env FERRY_CACHE=0 %ferry-clangxx -O2 -c %S/../e2e/routine-bind-lambdas.cpp -o %t/6.o
// RUN: env FERRY_CACHE=0 %ferry-clangxx -O2 -c %S/../e2e/routine-bind-lambdas.cpp -o %t/7.o
// RUN: env FERRY_CACHE=0 %ferry-clangxx -O2 -c %S/../e2e/routine-bind-lambdas.cpp -o %t/8.o
// RUN: cmp %t/1.o %t/2.o
// RUN: cmp %t/1.o %t/3.o
// RUN: cmp %t/1.o %t/4.o
// RUN: cmp %t/1.o %t/5.o
// RUN: cmp %t/1.o %t/6.o
// RUN: cmp %t/1.o %t/7.o
// RUN: cmp %t/1.o %t/8.o
