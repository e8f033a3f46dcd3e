// The wait directive waits only where its if clause holds (with a list of
// queues, and without one).
// RUN: %ferry-clangxx -E %s | tr -d " \n" | %FileCheck %s
void f(int n) {
#pragma acc wait(1) if(n)
// CHECK: __ferry_options.on_device=static_cast<bool>(n);if(__ferry_options.on_device)::ferry::acc::wait_queues(__ferry_options.async,{1});
#pragma acc wait if(n > 2)
// CHECK: __ferry_options.on_device=static_cast<bool>(n>2);
// CHECK-SAME: if(__ferry_options.on_device)::ferry::acc::wait_all_queues(__ferry_options.async);
}
