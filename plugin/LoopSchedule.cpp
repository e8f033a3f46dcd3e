//===- LoopSchedule.cpp - Level operands of a loop construct --------------===//
///
/// \file
/// See LoopSchedule.h.
///
//===----------------------------------------------------------------------===//
#include "LoopSchedule.h"

#include "ConstructPieces.h"
#include "DeviceTypeClauses.h"
#include "Diagnostics.h"

using namespace clang;

namespace ferry {
namespace plugin {

/// The directive's own \p K clause, then those for some device types.
static SmallVector<const Clause *, 4> clausesOfKind(const Directive &D,
                                                    ClauseKind K) {
  SmallVector<const Clause *, 4> Out;
  if (const Clause *C = D.find(K))
    Out.push_back(C);
  for (const Clause &C : D.DeviceClauses)
    if (C.Kind == K)
      Out.push_back(&C);
  return Out;
}

/// `(cond1 ? (v1) : cond2 ? (v2) : (own))` for values chosen per device
/// type at launch; the last per-type value stands in for a missing \p Own
/// (resolveDeviceTypes makes sure that every type has one then).
static TokenList
chooseAtLaunch(Preprocessor &PP, SourceLocation Loc, ArrayRef<Token> Own,
               ArrayRef<std::pair<unsigned, TokenList>> PerType) {
  if (PerType.empty())
    return TokenList(Own.begin(), Own.end());
  TokenBuilder B(PP, Loc);
  B.code("(");
  const size_t Conditions = Own.empty() ? PerType.size() - 1 : PerType.size();
  for (size_t I = 0; I < Conditions; ++I)
    B.code(deviceTypeCondition(PerType[I].first) + " ? (")
        .tokens(PerType[I].second)
        .code(") :");
  B.code("(")
      .tokens(Own.empty() ? ArrayRef<Token>(PerType.back().second) : Own)
      .code("))");
  return TokenList(B.get().begin(), B.get().end());
}

bool LoopSchedule::readGangOperands() {
  TokenList Own;
  SmallVector<std::pair<unsigned, TokenList>, 2> PerType;
  std::string PerTypeText;
  for (const Clause *C : clausesOfKind(D, ClauseKind::Gang)) {
    for (ArrayRef<Token> Part : splitArguments(*C)) {
      if (Part.size() < 2 || !Part[0].getIdentifierInfo() ||
          Part[1].isNot(tok::colon))
        continue;
      StringRef Modifier = Part[0].getIdentifierInfo()->getName();
      ArrayRef<Token> Value = Part.drop_front(2);
      if (Modifier == "dim") {
        // Ferry's gangs are one dimension, the product of num_gangs'
        // values: a loop over gangs of any dimension is a gang loop.
        if (Value.size() != 1 || !Value[0].is(tok::numeric_constant) ||
            !StringRef("123").contains(spellingOf(PP, Value)) ||
            spellingOf(PP, Value).size() != 1) {
          report(PP, Part[0].getLocation(), Diag::GangDimValue)
              << "gang(" + spellingOf(PP, C->Expr) + ")";
          return false;
        }
        continue;
      }
      if (Modifier != "static" || (Value.size() == 1 && Value[0].is(tok::star)))
        continue;
      if (D.find(ClauseKind::Tile)) {
        report(PP, Part[0].getLocation(), Diag::IgnoredLevelOperand)
            << "gang(" + spellingOf(PP, C->Expr) + ")"
            << "'tile' gives each gang whole tiles";
        continue;
      }
      const std::string Text = spellingOf(PP, Value);
      if (!C->DeviceTypes) {
        Own.assign(Value.begin(), Value.end());
        StaticChunkText = Text;
      } else {
        PerType.emplace_back(C->DeviceTypes,
                             TokenList(Value.begin(), Value.end()));
        PerTypeText += (PerTypeText.empty() ? "" : ", ") + Text + " on " +
                       deviceTypeNames(C->DeviceTypes);
      }
    }
  }
  // A chunk size for some device types is a launch value (that every type
  // has one, or none, resolveDeviceTypes checked with the schedule).
  StaticChunk = chooseAtLaunch(PP, PragmaLoc, Own, PerType);
  if (!PerTypeText.empty())
    StaticChunkText =
        PerTypeText +
        (Own.empty() ? "" : ", " + StaticChunkText + " otherwise");
  return true;
}

bool LoopSchedule::readWorkerOperand(const Directive *Compute) {
  for (const Clause *C : clausesOfKind(D, ClauseKind::Worker)) {
    if (C->Expr.empty())
      continue;
    const std::string Text = "worker(" + spellingOf(PP, C->Expr) + ")";
    ArrayRef<Token> Value = C->Expr;
    if (Value.size() >= 2 && Value[0].getIdentifierInfo() &&
        Value[1].is(tok::colon)) {
      StringRef Modifier = Value[0].getIdentifierInfo()->getName();
      if (Modifier != "num") {
        report(PP, Value[0].getLocation(), Diag::BadLevelOperand)
            << Modifier << Text << "'num:'";
        return false;
      }
      Value = Value.drop_front(2);
    }
    const SourceLocation Loc = Value.empty() ? C->Loc : Value[0].getLocation();
    // OpenACC 3.3, 2.9.3: the argument is allowed in `kernels` only, where
    // the construct has no num_workers (for any device type).
    if (!Compute || (Compute->Kind != ConstructKind::Kernels &&
                     Compute->Kind != ConstructKind::KernelsLoop)) {
      report(PP, Loc, Diag::WorkerNumOutsideKernels)
          << Text
          << (Compute ? "a loop of a '" + spelling(Compute->Kind).str() +
                            "' construct"
                      : std::string("an orphaned 'loop'"));
      return false;
    }
    SmallVector<const Clause *, 4> NumWorkers =
        clausesOfKind(*Compute, ClauseKind::NumWorkers);
    if (!NumWorkers.empty()) {
      report(PP, Loc, Diag::WorkerNumConflict)
          << Text << spellingOf(PP, NumWorkers[0]->Expr)
          << spelling(Compute->Kind);
      report(PP, NumWorkers[0]->Loc, Diag::NoteNumWorkers);
      return false;
    }
    if (!C->DeviceTypes)
      WorkerCount.assign(Value.begin(), Value.end());
    else
      WorkerCountPerType.emplace_back(C->DeviceTypes,
                                      TokenList(Value.begin(), Value.end()));
  }
  return true;
}

void LoopSchedule::seedRegion(NestedLoops &Nested) const {
  Nested.NumWorkers = WorkerCount;
  Nested.NumWorkersPerType = WorkerCountPerType;
}

const TokenList &LoopSchedule::gangWorkers(const NestedLoops &Nested) const {
  return !WorkerCount.empty() || !Nested.Spread ? WorkerCount
                                                : Nested.NumWorkers;
}

const PerDeviceType &
LoopSchedule::gangWorkersPerType(const NestedLoops &Nested) const {
  return !Nested.Spread ? WorkerCountPerType : Nested.NumWorkersPerType;
}

void LoopSchedule::emitLevelOperands(TokenBuilder &B) const {
  emitLevelOperands(&B, nullptr);
}

void LoopSchedule::emitLevelOperands(TokenBuilder *B,
                                     TokenList *InnerVectorLength) const {
  for (const Clause &C : D.Clauses)
    emitLevelOperand(C, B, InnerVectorLength);
  // gang(n) and vector(n) for some device types: on the region's loop,
  // chosen at launch after the directive's own. (worker(n) for some types
  // is emitted with the gang's workers, gang(static:) is read by
  // readGangOperands.)
  for (const Clause &C : D.DeviceClauses) {
    if (C.Kind != ClauseKind::Gang && C.Kind != ClauseKind::Vector)
      continue;
    bool LaunchValue = false;
    for (ArrayRef<Token> Part : splitArguments(C))
      LaunchValue |= !(Part.size() >= 2 && Part[0].getIdentifierInfo() &&
                       Part[1].is(tok::colon) &&
                       (Part[0].getIdentifierInfo()->getName() == "static" ||
                        Part[0].getIdentifierInfo()->getName() == "dim"));
    if (C.Expr.empty() || !LaunchValue)
      continue;
    if (!B) {
      report(PP, C.Loc, Diag::IgnoredLevelOperand)
          << spelling(C.Kind).str() + "(" + spellingOf(PP, C.Expr) + ")"
          << "Ferry sets a nested loop's operands for every device type, not "
             "for some";
      continue;
    }
    B->code("if (" + deviceTypeCondition(C.DeviceTypes) + ") {");
    emitLevelOperand(C, B, nullptr);
    B->code("}");
  }
}

void LoopSchedule::emitLevelOperand(const Clause &C, TokenBuilder *B,
                                    TokenList *InnerVectorLength) const {
  if (C.Expr.empty() ||
      (C.Kind != ClauseKind::Gang && C.Kind != ClauseKind::Vector))
    return; // worker(n): read by readWorkerOperand
  const std::string Text =
      spelling(C.Kind).str() + "(" + spellingOf(PP, C.Expr) + ")";
  for (ArrayRef<Token> Part : splitArguments(C)) {
    StringRef Modifier;
    if (Part.size() >= 2 && Part[0].getIdentifierInfo() &&
        Part[1].is(tok::colon)) {
      // `num`, `length`, `dim`, and `static` (a keyword)
      Modifier = Part[0].getIdentifierInfo()->getName();
      Part = Part.drop_front(2);
    }
    const SourceLocation Loc = Part.empty() ? C.Loc : Part[0].getLocation();
    if (C.Kind == ClauseKind::Gang && (Modifier.empty() || Modifier == "num")) {
      if (B && !D.find(ClauseKind::NumGangs))
        B->code(
             "__ferry_options.num_gangs = "
             "::ferry::acc::geometry_clause(__ferry_region, \"gang(num:)\", (")
            .tokens(Part)
            .code("), 2147483647LL);");
      else if (!B)
        report(PP, Loc, Diag::IgnoredLevelOperand)
            << Text << "the number of gangs is set on the region's loop";
    } else if (C.Kind == ClauseKind::Gang &&
               (Modifier == "static" || Modifier == "dim")) {
      // Read by readGangOperands.
    } else if (C.Kind == ClauseKind::Vector &&
               (Modifier.empty() || Modifier == "length")) {
      if (B && !D.find(ClauseKind::VectorLength))
        B->code("__ferry_options.vector_length = "
                "::ferry::acc::geometry_clause(__ferry_region, \"vector\", (")
            .tokens(Part)
            .code("), 1024LL);");
      else if (InnerVectorLength)
        InnerVectorLength->assign(Part.begin(), Part.end());
    } else {
      report(PP, Part.empty() ? C.Loc : Part[0].getLocation(),
             Diag::BadLevelOperand)
          << Modifier << Text
          << (C.Kind == ClauseKind::Gang ? "'num:', 'static:' or 'dim:'"
                                         : "'length:'");
    }
  }
}

/// `__ferry_options.num_workers = ...(Count)...;`
static void emitNumWorkers(TokenBuilder &B, ArrayRef<Token> Count) {
  B.code("__ferry_options.num_workers = "
         "::ferry::acc::geometry_clause(__ferry_region, \"worker\", (")
      .tokens(Count)
      .code("), 1024LL);");
}

void LoopSchedule::emitGangGeometry(TokenBuilder &B,
                                    const NestedLoops &Nested) const {
  if (!Nested.VectorLength.empty() && !D.find(ClauseKind::VectorLength) &&
      Nested.Spread)
    B.code("__ferry_options.vector_length = "
           "::ferry::acc::geometry_clause(__ferry_region, \"vector\", (")
        .tokens(Nested.VectorLength)
        .code("), 1024LL);");
  // worker(n) sets the gang's workers where the construct does not
  // (readWorkerOperand refuses it elsewhere): this loop's, or a nested one's.
  if (const TokenList &Workers = gangWorkers(Nested); !Workers.empty())
    emitNumWorkers(B, Workers);
  // worker(n) for some device types: chosen at launch, after the others.
  for (const auto &[Types, Count] : gangWorkersPerType(Nested)) {
    B.code("if (" + deviceTypeCondition(Types) + ")");
    emitNumWorkers(B, Count);
  }
}

/// The warning for a nested loop's `worker(n)` (\p Text) that an earlier
/// loop of the region overrides (with \p Earlier, \p On its device types).
static void reportWorkersTaken(Preprocessor &PP, const TokenList &Count,
                               const std::string &Text,
                               const TokenList &Earlier,
                               const std::string &On) {
  report(PP, Count[0].getLocation(), Diag::IgnoredLevelOperand)
      << Text
      << "an earlier loop of the region sets the gang's workers" + On +
             " (worker(" + spellingOf(PP, Earlier) + "))";
}

void LoopSchedule::giveToRegion(NestedLoops &Region) const {
  emitLevelOperands(nullptr, &Region.VectorLength);
  noteWorkersPerType(Region);
  if (WorkerCount.empty())
    return;
  if (Region.NumWorkers.empty())
    Region.NumWorkers = WorkerCount;
  else if (spellingOf(PP, Region.NumWorkers) != spellingOf(PP, WorkerCount))
    reportWorkersTaken(PP, WorkerCount,
                       "worker(" + spellingOf(PP, WorkerCount) + ")",
                       Region.NumWorkers, "");
}

void LoopSchedule::noteWorkersPerType(NestedLoops &Region) const {
  for (const auto &[Types, Count] : WorkerCountPerType) {
    const std::string Text = "worker(" + spellingOf(PP, Count) + ")";
    if (!Region.NumWorkers.empty()) {
      reportWorkersTaken(PP, Count, Text, Region.NumWorkers, "");
      continue;
    }
    bool Taken = false;
    for (const auto &[EarlierTypes, Earlier] : Region.NumWorkersPerType)
      if ((EarlierTypes & Types) && !Taken) {
        Taken = true;
        if (spellingOf(PP, Earlier) != spellingOf(PP, Count))
          reportWorkersTaken(PP, Count, Text, Earlier,
                             " on " + deviceTypeNames(EarlierTypes & Types));
      }
    if (!Taken)
      Region.NumWorkersPerType.emplace_back(Types, Count);
  }
}

} // namespace plugin
} // namespace ferry
