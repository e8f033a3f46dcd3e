//===- DeviceTypeClauses.cpp - Clauses for one device type ----------------===//
///
/// \file
/// See DeviceTypeClauses.h.
///
//===----------------------------------------------------------------------===//
#include "DeviceTypeClauses.h"

#include "ConstructPieces.h"
#include "Diagnostics.h"

#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace ferry {
namespace plugin {

namespace {

/// The clauses of a loop's schedule, which Ferry compiles once.
bool isScheduleClause(ClauseKind C) {
  return C == ClauseKind::Gang || C == ClauseKind::Worker || C == ClauseKind::Vector ||
         C == ClauseKind::Seq || C == ClauseKind::Independent || C == ClauseKind::Auto ||
         C == ClauseKind::Collapse || C == ClauseKind::Tile;
}

/// The level clauses replace each other as a group: `device_type(nvidia)
/// vector` replaces the directive's `gang` for nvidia.
bool isLevelClause(ClauseKind C) {
  return isScheduleClause(C) && C != ClauseKind::Collapse && C != ClauseKind::Tile;
}

/// One device type Ferry runs on: its bit, its names and acc_device_t.
struct DeviceTypeRow {
  unsigned Bit;
  const char *Name;
  const char *Enumerator;
};
const DeviceTypeRow DeviceTypes[] = {
    {DeviceHost, "host", "acc_device_host"},
    {DeviceNvidia, "nvidia", "acc_device_nvidia"},
    {DeviceRadeon, "radeon", "acc_device_radeon"},
};

/// The schedule clauses that hold on device type \p Bit: the directive's
/// own, with those of the device_type groups for \p Bit in their place.
std::vector<const Clause *> scheduleFor(const Directive &D, unsigned Bit) {
  bool LevelsReplaced = false, CollapseReplaced = false, TileReplaced = false;
  for (const Clause &C : D.DeviceClauses)
    if (C.DeviceTypes & Bit) {
      LevelsReplaced |= isLevelClause(C.Kind);
      CollapseReplaced |= C.Kind == ClauseKind::Collapse;
      TileReplaced |= C.Kind == ClauseKind::Tile;
    }
  auto Replaced = [&](ClauseKind K) {
    return isLevelClause(K) ? LevelsReplaced
           : K == ClauseKind::Collapse ? CollapseReplaced
                                       : TileReplaced;
  };
  std::vector<const Clause *> Out;
  for (const Clause &C : D.Clauses)
    if (isScheduleClause(C.Kind) && !Replaced(C.Kind))
      Out.push_back(&C);
  for (const Clause &C : D.DeviceClauses)
    if (isScheduleClause(C.Kind) && (C.DeviceTypes & Bit))
      Out.push_back(&C);
  return Out;
}

/// Whether \p Gang deals chunks to the gangs (`gang(static: n)`, n not
/// `*`): code of its own, unlike the number of gangs or the chunk size.
bool hasStaticChunk(const Clause &Gang) {
  for (ArrayRef<Token> Part : splitArguments(Gang))
    if (Part.size() >= 3 && Part[0].getIdentifierInfo() &&
        Part[0].getIdentifierInfo()->getName() == "static" && Part[1].is(tok::colon) &&
        !(Part.size() == 3 && Part[2].is(tok::star)))
      return true;
  return false;
}

/// A schedule as text: the clause names in the order of Clauses.def, with
/// collapse's count, tile's sizes and whether gang has a static chunk (the
/// gang, worker and vector operands, the chunk size too, are launch values,
/// chosen at run time).
std::string scheduleKey(Preprocessor &PP, const std::vector<const Clause *> &S) {
  std::string Key;
  static const ClauseKind Order[] = {ClauseKind::Gang,        ClauseKind::Worker,
                                     ClauseKind::Vector,      ClauseKind::Seq,
                                     ClauseKind::Independent, ClauseKind::Auto,
                                     ClauseKind::Collapse,    ClauseKind::Tile};
  for (ClauseKind K : Order)
    for (const Clause *C : S)
      if (C->Kind == K) {
        Key += (Key.empty() ? "" : " ") + spelling(K).str();
        if (K == ClauseKind::Collapse)
          Key += "(" + std::to_string(C->Count) + ")";
        else if (K == ClauseKind::Tile)
          Key += "(" + spellingOf(PP, C->Expr) + ")";
        else if (K == ClauseKind::Gang && hasStaticChunk(*C))
          Key += "(static:)";
        break;
      }
  return Key.empty() ? "(none)" : Key;
}

} // namespace

bool allowedAfterDeviceType(ConstructKind K, ClauseKind C) {
  const bool Launch = C == ClauseKind::Async || C == ClauseKind::WaitClause;
  const bool Geometry =
      C == ClauseKind::NumGangs || C == ClauseKind::NumWorkers || C == ClauseKind::VectorLength;
  switch (K) {
  case ConstructKind::Parallel:
  case ConstructKind::Kernels:
    return Launch || Geometry;
  case ConstructKind::Serial:
  case ConstructKind::Data:
  case ConstructKind::Update:
    return Launch;
  case ConstructKind::Loop:
    return isScheduleClause(C);
  case ConstructKind::ParallelLoop:
  case ConstructKind::KernelsLoop:
    return Launch || Geometry || isScheduleClause(C);
  case ConstructKind::SerialLoop:
    return Launch || isScheduleClause(C);
  case ConstructKind::Routine:
    return isLevelClause(C) && C != ClauseKind::Independent && C != ClauseKind::Auto;
  default:
    return false;
  }
}

unsigned deviceTypeBits(Preprocessor &PP, const Clause &DeviceType) {
  unsigned Bits = 0;
  auto Items = splitTopLevel(DeviceType.Expr, tok::comma);
  if (DeviceType.Expr.empty()) {
    report(PP, DeviceType.Loc, Diag::EmptyOperand) << "device_type";
    return 0;
  }
  for (ArrayRef<Token> Item : Items) {
    std::string Word = spellingOf(PP, Item);
    StringRef W = Word;
    W.consume_front("acc_device_");
    const unsigned Bit = llvm::StringSwitch<unsigned>(W)
                             .Cases("*", "default", DeviceStar)
                             .Cases("host", "multicore", DeviceHost)
                             .Case("not_host", DeviceNvidia | DeviceRadeon)
                             .Case("nvidia", DeviceNvidia)
                             .Case("radeon", DeviceRadeon)
                             .Default(0);
    if (!Bit) {
      report(PP, Item.empty() ? DeviceType.Loc : Item[0].getLocation(), Diag::UnknownDeviceType)
          << Word;
      return 0;
    }
    Bits |= Bit;
  }
  return Bits;
}

bool resolveDeviceTypes(Preprocessor &PP, Directive &D) {
  if (D.DeviceClauses.empty())
    return true;
  unsigned Named = 0;
  for (const Clause &C : D.DeviceClauses)
    Named |= C.DeviceTypes & DeviceAll;
  for (Clause &C : D.DeviceClauses)
    if (C.DeviceTypes & DeviceStar)
      C.DeviceTypes = (C.DeviceTypes & DeviceAll) | (DeviceAll & ~Named);
  // One clause of a kind per device type.
  for (size_t I = 0; I < D.DeviceClauses.size(); ++I)
    for (size_t J = 0; J < I; ++J)
      if (D.DeviceClauses[I].Kind == D.DeviceClauses[J].Kind &&
          (D.DeviceClauses[I].DeviceTypes & D.DeviceClauses[J].DeviceTypes)) {
        report(PP, D.DeviceClauses[I].Loc, Diag::DuplicateClause)
            << spelling(D.DeviceClauses[I].Kind);
        return false;
      }
  bool HasSchedule = false;
  for (const Clause &C : D.DeviceClauses)
    HasSchedule |= isScheduleClause(C.Kind);
  if (!HasSchedule || D.Kind == ConstructKind::Routine)
    return true; // a routine's level does not change what Ferry compiles
  // The schedule per device type: the same for all, or an error.
  std::string Keys, First;
  bool Same = true;
  for (const DeviceTypeRow &T : DeviceTypes) {
    std::string Key = scheduleKey(PP, scheduleFor(D, T.Bit));
    Keys += (Keys.empty() ? "" : "; ") + std::string(T.Name) + ": " + Key;
    if (First.empty())
      First = Key;
    Same &= Key == First;
  }
  if (!Same) {
    SourceLocation Loc = D.Loc;
    for (const Clause &C : D.DeviceClauses)
      if (isScheduleClause(C.Kind)) {
        Loc = C.Loc;
        break;
      }
    report(PP, Loc, Diag::DeviceTypeSchedule) << spelling(D.Kind) << Keys;
    return false;
  }
  // The same everywhere: the schedule of any type is the directive's own.
  // Gang, worker and vector operands stay in DeviceClauses, chosen at
  // launch (LoopSchedule).
  std::vector<Clause> Schedule;
  for (const Clause *C : scheduleFor(D, DeviceHost)) {
    Clause Copy = *C;
    if (Copy.DeviceTypes && isLevelClause(Copy.Kind))
      Copy.Expr.clear(), Copy.TemplateCommas.clear();
    Copy.DeviceTypes = 0;
    Schedule.push_back(std::move(Copy));
  }
  std::vector<Clause> Merged;
  for (Clause &C : D.Clauses)
    if (!isScheduleClause(C.Kind))
      Merged.push_back(std::move(C));
  for (Clause &C : Schedule)
    Merged.push_back(std::move(C));
  D.Clauses = std::move(Merged);
  return true;
}

std::string deviceTypeCondition(unsigned Bits) {
  std::string List;
  for (const DeviceTypeRow &T : DeviceTypes)
    if (Bits & T.Bit)
      List += (List.empty() ? "" : ", ") + std::string(T.Enumerator);
  return "::ferry::acc::device_type_in({" + List + "})";
}

std::string deviceTypeNames(unsigned Bits) {
  std::string List;
  for (const DeviceTypeRow &T : DeviceTypes)
    if (Bits & T.Bit)
      List += (List.empty() ? "" : ", ") + std::string(T.Name);
  return List.empty() ? "no device type" : List;
}

} // namespace plugin
} // namespace ferry
