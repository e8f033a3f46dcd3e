//===- DeviceTypeClauses.h - Clauses for one device type --------*- C++ -*-===//
///
/// \file
/// `device_type(list)` on compute, combined, loop, data, update and routine
/// directives (OpenACC 3.3, 2.4): the clauses after it, up to the next
/// device_type, apply only when the selected device is of a listed type;
/// `*` stands for the types no other device_type of the directive names.
/// The parser keeps those clauses apart (Directive::DeviceClauses, each with
/// the types it holds for). Ferry compiles one program for every device and
/// picks the device at run time, so:
///  - launch values (async, wait, num_gangs, num_workers, vector_length,
///    the gang and vector operands of a region's loop, worker(n) in kernels
///    and the chunk size of gang(static: n)) are chosen when the construct
///    runs, from acc_get_device_type();
///  - the loop's schedule (gang, with or without a static chunk, worker,
///    vector, seq, independent, auto, collapse, tile) must come out the same
///    for every device type Ferry runs on (host, nvidia, radeon): it is then
///    merged into the directive's own clauses; otherwise it is an error
///    naming the per-type schedules.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_DEVICETYPECLAUSES_H
#define FERRY_PLUGIN_DEVICETYPECLAUSES_H

#include "Directive.h"

#include "clang/Lex/Preprocessor.h"

namespace ferry {
namespace plugin {

/// The device types, as bits of Clause::DeviceTypes.
enum DeviceTypeBit : unsigned {
  DeviceHost = 1u << 0,
  DeviceNvidia = 1u << 1,
  DeviceRadeon = 1u << 2,
  DeviceAll = DeviceHost | DeviceNvidia | DeviceRadeon,
  DeviceStar = 1u << 3, ///< `*`, until the directive is complete
};

/// Whether OpenACC 3.3 lets clause \p C follow a device_type clause on
/// construct \p K.
bool allowedAfterDeviceType(ConstructKind K, ClauseKind C);

/// The types of a device_type clause's list; 0 after a diagnostic.
unsigned deviceTypeBits(clang::Preprocessor &PP, const Clause &DeviceType);

/// Replaces `*` by the types the directive's other device_type clauses do
/// not name, and merges a loop schedule that is the same on every device
/// type into D.Clauses; false after a diagnostic.
bool resolveDeviceTypes(clang::Preprocessor &PP, Directive &D);

/// `::ferry::acc::device_type_in({acc_device_..., ...})` for \p Bits.
std::string deviceTypeCondition(unsigned Bits);
/// "nvidia, radeon" for a remark.
std::string deviceTypeNames(unsigned Bits);

} // namespace plugin
} // namespace ferry

#endif
