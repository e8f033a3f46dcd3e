// Several devices of one type in one process: acc_get_num_devices (of the
// type and of acc_device_default, the selected type),
// acc_set_device_num switching, one present table per device (the same host
// array has a copy of its own on each), regions with reductions on each
// device, async queues per device, acc_memcpy_d2d(_async) between devices,
// exit data per device, ACC_DEVICE_NUM choosing the first device, and one
// host thread per device, concurrently (the device number is per thread). The
// optional argument is the number of devices the run must see; with one
// device only what one device can show is checked. On the GPU machine
// scripts/h100-run.sh runs it with the number of GPUs there.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_EMULATE=gfx90a,gfx1100 %run %t 2 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_EMULATE=gfx1100,gfx90a,gfx90a ACC_DEVICE_NUM=2 %run %t 3 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_EMULATE=' gfx90a , ,gfx1100' %run %t 2 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 1 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 1 2>&1 | %count 0
// A device number past the list: the message names the count, and the
// program stays on its device.
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_EMULATE=gfx90a,gfx1100 %run %t 2 past 2>&1 | %FileCheck %s --check-prefix=PAST
// PAST: ferry: error: acc_set_device_num: radeon device 2 does not exist (2 device(s)); keeping device 0
// The same through acc_device_not_host and acc_device_default (PGI-era
// programs number devices from 1: acc_set_device_num(tid + 1, ...)), once
// each, and nothing for the host device there.
// PAST-NEXT: ferry: error: acc_set_device_num: radeon device 2 does not exist (2 device(s)); keeping device 0
// PAST-NEXT: ferry: error: acc_set_device_num: radeon device 2 does not exist (2 device(s)); keeping device 0
// PAST-NOT: {{.}}
#include <openacc.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

constexpr int N = 4096;
constexpr int MaxDevices = 8;

double own[MaxDevices][N]; // one array per device
double shared[N];          // one host array, a copy on every device
double target[N];

static int failures = 0;
static void expect(bool Ok, const char *What, int Device) {
  if (!Ok) {
    std::printf("FAIL: %s (device %d)\n", What, Device);
    ++failures;
  }
}

/// The processors of FERRY_EMULATE, to check the devices' order.
static std::vector<std::string> emulated() {
  std::vector<std::string> List;
  const char *E = std::getenv("FERRY_EMULATE");
  std::string S = E ? E : "";
  size_t Start = 0;
  while (Start <= S.size()) {
    size_t Comma = S.find(',', Start);
    if (Comma == std::string::npos)
      Comma = S.size();
    std::string Item = S.substr(Start, Comma - Start);
    Item.erase(0, Item.find_first_not_of(' '));
    Item.erase(Item.find_last_not_of(' ') + 1);
    if (!Item.empty())
      List.push_back(Item);
    Start = Comma + 1;
  }
  return List;
}

int main(int argc, char **argv) {
  const acc_device_t type = acc_get_device_type();
  const int n = acc_get_num_devices(type);
  const bool gpu = type != acc_device_host;
  if (argc > 1 && n != std::atoi(argv[1])) {
    std::printf("FAIL: %d devices, expected %s\n", n, argv[1]);
    return 1;
  }
  // acc_device_default stands for the selected type: its devices alone (the
  // host was counted beside the GPUs, a device no number could select).
  if (acc_get_num_devices(acc_device_default) != n) {
    std::printf("FAIL: acc_get_num_devices(acc_device_default) = %d, expected %d\n",
                acc_get_num_devices(acc_device_default), n);
    return 1;
  }
  if (n < 1 || n > MaxDevices) {
    std::printf("FAIL: %d devices\n", n);
    return 1;
  }
  const char *first = std::getenv("ACC_DEVICE_NUM");
  const int initial = acc_get_device_num(type);
  expect(initial == (first ? std::atoi(first) : 0), "the initial device is ACC_DEVICE_NUM's",
         initial);
  if (argc > 2 && !std::strcmp(argv[2], "past")) {
    acc_set_device_num(n, type);
    expect(acc_get_device_num(type) == initial, "a number past the devices keeps the device",
           initial);
    acc_set_device_num(n, acc_device_not_host);
    expect(acc_get_device_num(type) == initial, "a number past the GPUs keeps the device",
           initial);
    acc_set_device_num(n, acc_device_default);
    expect(acc_get_device_num(type) == initial,
           "a number past every type's devices keeps the device", initial);
    acc_set_device_num(n - 1, acc_device_not_host);
    expect(acc_get_device_num(type) == n - 1, "not_host sets the GPU's number", n - 1);
    expect(acc_get_device_num(acc_device_host) == 0, "not_host leaves the host's number", 0);
    return failures != 0;
  }

  // The devices' names follow FERRY_EMULATE's order.
  const std::vector<std::string> archs = emulated();
  if (gpu && archs.size() == size_t(n))
    for (int d = 0; d < n; ++d) {
      const char *name = acc_get_property_string(d, type, acc_property_name);
      expect(name && std::strstr(name, archs[d].c_str()), "the device's processor", d);
    }

  for (int i = 0; i < N; ++i)
    shared[i] = i;
  // Each device: its own array and its own copy of `shared`, a region with a
  // reduction on each.
  for (int d = 0; d < n; ++d) {
    acc_set_device_num(d, type);
    expect(acc_get_device_num(type) == d, "acc_set_device_num switches", d);
    double *x = own[d];
    for (int i = 0; i < N; ++i)
      x[i] = i + d;
#pragma acc enter data copyin(x[0:N], shared[0:N])
    double sum = 0;
#pragma acc parallel loop present(x[0:N], shared[0:N]) reduction(+:sum)
    for (int i = 0; i < N; ++i) {
      x[i] = 2 * x[i];
      shared[i] += d + 1;
      sum += x[i];
    }
    // sum of 2 (i + d) over i
    expect(sum == double(N) * (N - 1) + 2.0 * d * N, "the reduction on the device", d);
  }
  if (gpu && n > 1) {
    // One present table per device: device d's copy of own[e] exists on e only.
    for (int d = 0; d < n; ++d) {
      acc_set_device_num(d, type);
      for (int e = 0; e < n; ++e)
        expect(bool(acc_is_present(own[e], sizeof own[e])) == (d == e),
               "own[e] present on device e only", d);
      expect(acc_is_present(shared, sizeof shared), "shared present on every device", d);
    }
    // Each device's copy of `shared` has its own value: shared + d + 1.
    for (int d = n - 1; d >= 0; --d) {
      acc_set_device_num(d, type);
#pragma acc update host(shared[0:N])
      bool ok = true;
      for (int i = 0; i < N; ++i)
        ok &= shared[i] == i + d + 1;
      expect(ok, "the device's own copy of shared", d);
    }
  }

  // Async queues per device: queue 1 of every device gets work, then each is
  // waited for on its own device.
  for (int d = 0; d < n; ++d) {
    acc_set_device_num(d, type);
    double *x = own[d];
#pragma acc parallel loop present(x[0:N]) async(1)
    for (int i = 0; i < N; ++i)
      x[i] += 1;
#pragma acc update host(x[0:N]) async(1)
  }
  for (int d = 0; d < n; ++d) {
    acc_set_device_num(d, type);
#pragma acc wait(1)
    expect(acc_async_test(1) != 0, "queue 1 idle after wait", d);
    bool ok = true;
    for (int i = 0; i < N; ++i)
      ok &= own[d][i] == 2.0 * (i + d) + 1;
    expect(ok, "the async region and update on the device", d);
  }

  // acc_memcpy_d2d: the last device's copy of own[last] into device 0's copy
  // of `target`, then asynchronously back the other way.
  if (gpu && n > 1) {
    const int last = n - 1;
    acc_set_device_num(0, type);
#pragma acc enter data create(target[0:N])
    acc_memcpy_d2d(target, own[last], sizeof target, 0, last);
#pragma acc update host(target[0:N])
    bool ok = true;
    for (int i = 0; i < N; ++i)
      ok &= target[i] == 2.0 * (i + last) + 1;
    expect(ok, "acc_memcpy_d2d from the last device to device 0", 0);

    acc_set_device_num(last, type);
    acc_memcpy_d2d_async(own[last], own[0], sizeof own[0], last, 0, 2);
    acc_set_device_num(0, type);
    acc_wait(2); // the copy runs on the source device's queue
    acc_set_device_num(last, type);
#pragma acc update host(own[last][0:N])
    ok = true;
    for (int i = 0; i < N; ++i)
      ok &= own[last][i] == 2.0 * i + 1;
    expect(ok, "acc_memcpy_d2d_async from device 0 to the last device", last);
    acc_set_device_num(0, type);
#pragma acc exit data delete(target[0:N])
  }

  // Exit data on each device leaves the others' copies alone until theirs.
  for (int d = 0; d < n; ++d) {
    acc_set_device_num(d, type);
    double *x = own[d];
#pragma acc exit data delete(x[0:N], shared[0:N])
    if (gpu) {
      expect(!acc_is_present(own[d], sizeof own[d]), "own[d] gone after exit data", d);
      expect(!acc_is_present(shared, sizeof shared), "shared gone after exit data", d);
      if (d + 1 < n) {
        acc_set_device_num(d + 1, type);
        expect(acc_is_present(shared, sizeof shared), "the next device keeps shared", d + 1);
      }
    }
  }
  // One host thread per device, all at once: each selects its device, which
  // changes neither the others' nor the main thread's.
  acc_set_device_num(0, type);
  std::vector<std::thread> threads;
  std::vector<int> threadFailures(n, 0);
  for (int d = 0; d < n; ++d)
    threads.emplace_back([d, type, &threadFailures] {
      acc_set_device_num(d, type);
      double *x = own[d];
      for (int i = 0; i < N; ++i)
        x[i] = d;
      double sum = 0;
      for (int round = 0; round < 4; ++round) {
#pragma acc parallel loop copy(x[0:N]) reduction(+:sum)
        for (int i = 0; i < N; ++i) {
          x[i] += 1;
          sum += x[i];
        }
      }
      threadFailures[d] += acc_get_device_num(type) != d;
      // rounds r = 1..4 of N * (d + r)
      threadFailures[d] += sum != double(N) * (4 * d + 10);
      for (int i = 0; i < N; ++i)
        threadFailures[d] += x[i] != d + 4;
    });
  for (std::thread &t : threads)
    t.join();
  for (int d = 0; d < n; ++d)
    expect(threadFailures[d] == 0, "a host thread of its own on the device", d);
  expect(acc_get_device_num(type) == 0, "the threads left the main thread's device alone", 0);
  return failures != 0;
}
