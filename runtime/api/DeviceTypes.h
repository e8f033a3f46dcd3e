//===- DeviceTypes.h - Checking acc_device_t arguments ----------*- C++ -*-===//
///
/// \file
/// The check the OpenACC routines make of a dev_type argument, so that a
/// number that is no acc_device_t value is reported under the routine's own
/// name instead of being taken for the current device type.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_API_DEVICETYPES_H
#define FERRY_RUNTIME_API_DEVICETYPES_H

#include "openacc.h"

namespace ferry {

/// True when \p T is an acc_device_t value a routine can name
/// (acc_device_none too when \p NoneToo); otherwise false after the message
/// "ROUTINE: dev_type T is not a device type; OUTCOME" (\p Outcome: what the
/// routine does instead).
bool knownDeviceType(const char *Routine, acc_device_t T, bool NoneToo, const char *Outcome);

} // namespace ferry

#endif
