//===- LoopSchedule.h - Level operands of a loop construct ------*- C++ -*-===//
///
/// \file
/// The operands of a loop construct's level clauses and how they set the
/// region's geometry: `gang(num: n)` the number of gangs, `gang(static:
/// n)` the chunks dealt to the gangs, `worker(n)` the workers of a gang (in
/// `kernels` only, OpenACC 3.3 2.9.3), `vector(n)` the vector length.
/// Values given for some device types (after `device_type`) are chosen at
/// launch, after the directive's own. A nested loop's operands set its
/// region's geometry, with a warning where they cannot.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_LOOPSCHEDULE_H
#define FERRY_PLUGIN_LOOPSCHEDULE_H

#include "AccContext.h"
#include "TokenBuilder.h"

namespace ferry {
namespace plugin {

class LoopSchedule {
public:
  LoopSchedule(clang::Preprocessor &PP, const Directive &D,
               clang::SourceLocation PragmaLoc)
      : PP(PP), D(D), PragmaLoc(PragmaLoc) {}

  /// Reads `gang(static: n)` into staticChunk(); false after a diagnostic
  /// (`gang(dim:)`).
  bool readGangOperands();
  /// Reads `worker(n)` / `worker(num: n)` with OpenACC 3.3 2.9.3's rules:
  /// allowed in \p Compute (the construct the loop belongs to, null for
  /// an orphaned loop) when it is `kernels` without num_workers; false
  /// after a diagnostic.
  bool readWorkerOperand(const Directive *Compute);

  /// The n of `gang(static: n)` on a region's loop; empty without it (and
  /// for `static: *`, Ferry's own distribution); an expression that picks
  /// the value per device type when device_type gives some.
  const TokenList &staticChunk() const { return StaticChunk; }
  /// staticChunk() for the remark ("4", or "8 on nvidia, 4 otherwise").
  const std::string &staticChunkText() const { return StaticChunkText; }

  /// A region's nested loops set the gang's workers (\p Nested's
  /// NumWorkers): it starts with its own `worker(n)`.
  void seedRegion(NestedLoops &Nested) const;
  /// The workers the region's gangs get: its own `worker(n)`, or (with
  /// loops spread in its iterations, \p Nested) one of those loops';
  /// empty without.
  const TokenList &gangWorkers(const NestedLoops &Nested) const;
  /// The same for some device types, chosen at launch after gangWorkers().
  const PerDeviceType &gangWorkersPerType(const NestedLoops &Nested) const;

  /// The operands of `gang(...)` and `vector(...)` as launch options
  /// (after the region's options), a warning for what Ferry does not
  /// honour.
  void emitLevelOperands(TokenBuilder &B) const;
  /// After the options: the vector length and workers that \p Nested (the
  /// region's nested loops) and the region's own `worker(n)` set.
  void emitGangGeometry(TokenBuilder &B, const NestedLoops &Nested) const;
  /// For a nested loop: its operands go to its \p Region (a warning where
  /// they cannot: the number of gangs, values for some device types, the
  /// workers an earlier loop set).
  void giveToRegion(NestedLoops &Region) const;

private:
  /// The operands of the directive's level clauses; with \p B the region's
  /// options, else (a nested loop) its vector length goes to
  /// \p InnerVectorLength.
  void emitLevelOperands(TokenBuilder *B, TokenList *InnerVectorLength) const;
  /// The same for one clause (of the directive, or for some device types).
  void emitLevelOperand(const Clause &C, TokenBuilder *B,
                        TokenList *InnerVectorLength) const;
  /// A nested loop's `worker(n)` for some device types goes to its
  /// \p Region (a warning where an earlier loop of the region set the
  /// workers).
  void noteWorkersPerType(NestedLoops &Region) const;

  clang::Preprocessor &PP;
  const Directive &D;
  clang::SourceLocation PragmaLoc;
  TokenList StaticChunk;
  std::string StaticChunkText;
  /// This loop's `worker(n)` (the gang's number of workers); empty without.
  TokenList WorkerCount;
  /// `worker(n)` for some device types (after device_type), chosen at
  /// launch on the region's loop.
  PerDeviceType WorkerCountPerType;
};

} // namespace plugin
} // namespace ferry

#endif
