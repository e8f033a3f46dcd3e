// device_type on compute, combined, loop, data, update and routine
// directives: the clauses OpenACC 3.3 lets follow it are accepted (launch
// values per device type, a schedule that is the same for every type); any
// other clause after it, an unknown type, a loop schedule that differs per
// device type and 'bind' for some types are errors at the clause.
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s

#pragma acc routine seq device_type(nvidia) vector
void accepted_routine(float *a, int i) { a[i] += 1; }

void accepted(int n, float *a) {
#pragma acc parallel loop copy(a[0:n]) num_gangs(4) device_type(nvidia) num_gangs(8) vector_length(128) device_type(radeon, host) async(2) wait(1)
  for (int i = 0; i < n; ++i) a[i] += 1;
#pragma acc parallel loop copy(a[0:n]) gang device_type(*) vector(64)
  for (int i = 0; i < n; ++i) a[i] += 1;
#pragma acc kernels loop independent copy(a[0:n]) dtype(acc_device_nvidia) num_gangs(2) dtype(acc_device_radeon) vector_length(32)
  for (int i = 0; i < n; ++i) a[i] += 1;
#pragma acc serial copy(a[0:n]) device_type(host) async(3)
  a[0] = 1;
#pragma acc data copy(a[0:n]) device_type(multicore) async(1) wait
  {
#pragma acc parallel present(a[0:n]) device_type(not_host) num_workers(2)
    {
#pragma acc loop device_type(*) collapse(1) independent
      for (int i = 0; i < n; ++i) a[i] += 1;
    }
  }
#pragma acc update self(a[0:n]) device_type(radeon) async(1) device_type(nvidia) wait(2)
#pragma acc wait
}

void refused(int n, float *a) {
#pragma acc parallel loop device_type(nvidia) copy(a[0:n]) // expected-error {{OpenACC clause 'copy' cannot follow 'device_type' on the 'parallel loop' construct (OpenACC 3.3, 2.4)}}
  for (int i = 0; i < n; ++i) a[i] += 1;
#pragma acc serial device_type(host) num_gangs(2) // expected-error {{OpenACC clause 'num_gangs' is not allowed on the 'serial' construct}}
  a[0] = 1;
#pragma acc parallel copy(a[0:n]) device_type(nvidia) if(n > 2) // expected-error {{OpenACC clause 'if' cannot follow 'device_type' on the 'parallel' construct}}
  a[0] = 1;
#pragma acc loop device_type(radeon) private(n) // expected-error {{OpenACC clause 'private' cannot follow 'device_type' on the 'loop' construct}}
  for (int i = 0; i < n; ++i) a[i] += 1;
#pragma acc parallel loop copy(a[0:n]) device_type(gpu) num_gangs(2) // expected-error {{unknown OpenACC device type 'gpu'}}
  for (int i = 0; i < n; ++i) a[i] += 1;
#pragma acc parallel loop copy(a[0:n]) device_type num_gangs(2) // expected-error {{OpenACC clause 'device_type' needs an argument}}
  for (int i = 0; i < n; ++i) a[i] += 1;
#pragma acc parallel loop copy(a[0:n]) gang device_type(nvidia) seq // expected-error {{the clauses after 'device_type' give this 'parallel loop' a different loop schedule per device type (host: gang; nvidia: seq; radeon: gang), which Ferry does not support yet}}
  for (int i = 0; i < n; ++i) a[i] += 1;
#pragma acc parallel loop copy(a[0:n]) device_type(radeon) collapse(2) // expected-error {{a different loop schedule per device type (host: (none); nvidia: (none); radeon: collapse(2))}}
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) a[i] += 1;
#pragma acc parallel loop copy(a[0:n]) device_type(nvidia) num_gangs(2) num_gangs(4) // expected-error {{OpenACC clause 'num_gangs' appears more than once}}
  for (int i = 0; i < n; ++i) a[i] += 1;
#pragma acc enter data copyin(a[0:n]) device_type(host) // expected-error {{OpenACC clause 'device_type' is not allowed on the 'enter data' construct}}
}

#pragma acc routine seq device_type(nvidia) bind(other) // expected-error {{OpenACC 'bind' for some device types is not supported by Ferry yet}}
void refused_routine();
