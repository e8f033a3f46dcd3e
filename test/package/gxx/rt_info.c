/* Ferry::rt from C, compiled by gcc: the runtime's C API and the OpenACC
   runtime routines, without the plugin. Prints the backends and checks what
   the host device must answer. */
#include <ferry/runtime.h>
#include <openacc.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  int host = 0;
  for (size_t i = 0; i < ferry_backend_count(); ++i) {
    ferry_backend_info info;
    if (ferry_get_backend_info(i, &info) != FERRY_SUCCESS)
      return 1;
    printf("rt-info: %s %s %d\n", info.name, info.device_type, info.num_devices);
    host += !strcmp(info.name, "host") && info.num_devices == 1;
  }
  if (!host || acc_get_num_devices(acc_device_host) != 1)
    return 1;
  printf("rt-info: ok\n");
  return 0;
}
