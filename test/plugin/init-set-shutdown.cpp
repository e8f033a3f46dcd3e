// init, shutdown and set: their clauses, the device types they take, and
// the runtime calls they become.
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s
// RUN: %ferry-clangxx -E -DREWRITE %s | tr -d " \n" | %FileCheck %s

#ifndef REWRITE
void f(int n) {
#pragma acc set // expected-error {{OpenACC 'set' needs at least one of the clauses 'default_async', 'device_num' and 'device_type'}}
#pragma acc set if(n) // expected-error {{OpenACC 'set' needs at least one of the clauses}}
#pragma acc set device_type(nvidia, host) // expected-error {{OpenACC 'set' takes one device type in 'device_type'}}
#pragma acc init device_type(fpga) // expected-error {{unknown OpenACC device type 'fpga' (expected one of *, default, host, multicore, nvidia, radeon, or an acc_device_t name such as acc_device_nvidia)}}
#pragma acc init default_async(1) // expected-error {{OpenACC clause 'default_async' is not allowed on the 'init' construct}}
#pragma acc shutdown async // expected-error {{OpenACC clause 'async' is not allowed on the 'shutdown' construct}}
#pragma acc init device_num(n) device_num(1) // expected-error {{OpenACC clause 'device_num' appears more than once}}
#pragma acc init device_type(host) device_num(0) if(n > 0)
#pragma acc set default_async(2)
}
#else
void g(int n) {
// CHECK-LABEL: voidg(intn){
#pragma acc init
// CHECK: acc_init(acc_get_device_type());}}
#pragma acc init device_type(acc_device_host, radeon) if(n)
// CHECK: {if(n){acc_init(acc_device_host);acc_init(acc_device_radeon);}}
#pragma acc shutdown device_type(nvidia) device_num(n - 1)
// CHECK: acc_shutdown_device((int)(n-1),acc_device_nvidia);}}
#pragma acc set device_type(*) device_num(1) default_async(n)
// CHECK: acc_set_device_num((int)(1),acc_device_default);acc_set_default_async((int)(n));}}
#pragma acc set device_type(multicore)
// CHECK: acc_set_device_type(acc_device_host);}}
}
#endif
