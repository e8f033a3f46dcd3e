//===- StandaloneDirective.cpp - Executable directives ---------------------===//
///
/// \file
/// See StandaloneDirective.h.
///
//===----------------------------------------------------------------------===//
#include "StandaloneDirective.h"

#include "clang/AST/Type.h"

#include "CRegion.h"
#include "ConstructPieces.h"

using namespace clang;

namespace ferry {
namespace plugin {

namespace {

/// The runtime calls of an `enter data`, `exit data`, `update` or `wait`
/// directive, emitted in order: prologue → detach → data calls → attach.
class StandaloneCalls {
public:
  StandaloneCalls(Preprocessor &PP, const Directive &D, SourceLocation PragmaLoc)
      : PP(PP), D(D), B(PP, PragmaLoc), Finalize(D.find(ClauseKind::Finalize)),
        IfPresent(D.find(ClauseKind::IfPresent)) {}

  void run(const AccContext &Ctx, SourceLocation PragmaLoc) {
    B.code("{");
    emitRegion(PP, B, D, PragmaLoc, 0);
    remark(PP, Ctx, D, "");
    B.code("(void)__ferry_region;");
    emitOptions(B, D); // `wait` (clause or directive list) happens here
    if (D.Kind == ConstructKind::Wait && !D.find(ClauseKind::WaitClause))
      B.code("if (__ferry_options.on_device) "
             "::ferry::acc::wait_all_queues(__ferry_options.async);");
    B.code("if (__ferry_options.on_device) {");
    if (D.Kind == ConstructKind::ExitData)
      emitAttachments(/*Detach=*/true);
    for (const Clause &C : D.Clauses)
      if (const char *Action = dataAction(C))
        for (const VarRef &V : C.Vars) {
          if (exitsPointee(Ctx, C, V))
            emitPointeeExit(C, V, Action);
          else
            emitDataCall(C, V, Action);
        }
    if (D.Kind == ConstructKind::EnterData)
      emitAttachments(/*Detach=*/false);
    B.code("} }");
    B.inject();
  }

private:
  void emitAttachments(bool Detach);
  void emitAttachment(const VarRef &V, bool Sectioned, bool Detach);
  const char *dataAction(const Clause &C) const;
  std::string dataFlags(const Clause &C) const;
  void emitDataCall(const Clause &C, const VarRef &V, const char *Action);
  void emitRowData(const char *Action, const VarRef &V);
  void emitBlockUpdate(const VarRef &V, const char *Action);
  bool exitsPointee(const AccContext &Ctx, const Clause &C, const VarRef &V) const;
  void emitPointeeExit(const Clause &C, const VarRef &V, const char *Action);

  Preprocessor &PP;
  const Directive &D;
  TokenBuilder B;
  const bool Finalize;
  const bool IfPresent;
};

/// OpenACC's attach and detach actions: a section of a pointer that is
/// itself present (a member of a present struct) gets that pointer's
/// device copy pointed at the section's device copy once every clause has
/// made its data present, and pointed back (detached) before any data
/// leaves; `attach(p)`/`detach(p)` do only that.
void StandaloneCalls::emitAttachments(bool Detach) {
  for (const Clause &C : D.Clauses) {
    const bool Sectioned =
        C.Kind == ClauseKind::Copyin || C.Kind == ClauseKind::Create ||
        C.Kind == ClauseKind::Copyout || C.Kind == ClauseKind::Delete;
    if (!Sectioned && C.Kind != ClauseKind::Attach &&
        C.Kind != ClauseKind::Detach)
      continue;
    for (const VarRef &V : C.Vars) {
      if (Sectioned && (V.Sections.empty() || V.Vla)) // arrays: nothing to attach
        continue;
      emitAttachment(V, Sectioned, Detach);
    }
  }
}

void StandaloneCalls::emitAttachment(const VarRef &V, bool Sectioned, bool Detach) {
  if (isC(PP)) { // a pointer (not an array): has an address to attach
    B.code(Detach ? "ferry_acc_detach_pointer((const void *)&("
                  : "ferry_acc_attach_pointer((const void *)&(")
        .tokens(V.object())
        .code("),")
        .cIsPointer(V.object())
        .code(",")
        .code(Detach ? (Finalize ? "1," : "0,") : "")
        .code("__ferry_options.async);");
    return;
  }
  B.code(Detach ? "::ferry::acc::detach_pointer"
                : "::ferry::acc::attach_pointer")
      .code(Sectioned ? "<false>(" : "<true>(")
      .tokens(V.object())
      .code(Detach ? (Finalize ? ", true," : ", false,") : ",")
      .code("__ferry_options.async);");
}

/// The ferry_directive_action that moves a variable of \p C; null for a
/// clause that moves none.
const char *StandaloneCalls::dataAction(const Clause &C) const {
  switch (C.Kind) {
  case ClauseKind::Copyin:
    return "FERRY_DIRECTIVE_COPYIN";
  case ClauseKind::Create:
    return "FERRY_DIRECTIVE_CREATE";
  case ClauseKind::Copyout:
    return "FERRY_DIRECTIVE_COPYOUT";
  case ClauseKind::Delete:
    return "FERRY_DIRECTIVE_DELETE";
  case ClauseKind::HostClause:
    return "FERRY_DIRECTIVE_UPDATE_SELF";
  case ClauseKind::DeviceClause:
    return "FERRY_DIRECTIVE_UPDATE_DEVICE";
  default:
    return nullptr;
  }
}

/// The `flags` of ferry_data_directive for a variable of \p C.
std::string StandaloneCalls::dataFlags(const Clause &C) const {
  if (C.Kind == ClauseKind::Create && C.Zero)
    return "FERRY_DIRECTIVE_ZERO";
  if (Finalize && (C.Kind == ClauseKind::Copyout || C.Kind == ClauseKind::Delete))
    return "FERRY_DIRECTIVE_FINALIZE";
  return "0";
}

/// ferry_data_directive (\p Action) for the variable \p V of \p C, with
/// its rows.
void StandaloneCalls::emitDataCall(const Clause &C, const VarRef &V, const char *Action) {
  // Rows of an array of pointers (`a[0:n][0:m]` of `T **a`): each
  // row moves too, attached after the pointers enter, detached before
  // they leave; `update` moves the rows only (the device's pointers
  // stay attached).
  const bool Rows = V.Sections.size() == 2 && !V.Vla;
  const bool Exit = C.Kind == ClauseKind::Copyout || C.Kind == ClauseKind::Delete;
  const bool Update = C.Kind == ClauseKind::HostClause || C.Kind == ClauseKind::DeviceClause;
  if (Update && V.Sections.size() >= 2 && !V.Vla) {
    emitBlockUpdate(V, Action);
    if (Rows)
      emitRowData(Action, V);
    return;
  }
  if (Rows && Exit)
    emitRowData(Action, V);
  if (IfPresent) {
    B.code("if (acc_is_present(");
    emitRange(PP, B, V, "(void *)");
    B.code("))");
  }
  if (Rows && Update)
    B.code("if (!" + pointerRows(PP, V.object()) + ")");
  B.code("ferry_data_directive(&__ferry_region,").code(Action).code(",").code(dataFlags(C)).code(",");
  const std::string Text = emitRange(PP, B, V, "(void *)");
  B.code(", __ferry_options.async,").string(Text).code(");");
  if (Rows && !Exit)
    emitRowData(Action, V);
}

/// `update` of a section of two or more dimensions of an array of rows:
/// the subarray it names, its segments one by one where its inner sections
/// are not whole (ferry_acc_update_block). Rows that are pointers move
/// one by one (emitRowData); three or more dimensions of them are refused
/// as in data clauses.
void StandaloneCalls::emitBlockUpdate(const VarRef &V, const char *Action) {
  const ArrayRef<Token> Object = V.object();
  const size_t K = V.Sections.size();
  B.code("{ const long long __ferry_counts[] = {");
  for (size_t D = 0; D + 1 < K; ++D)
    B.code(D ? ", (long long)(" : "(long long)(").tokens(V.Sections[D].Length).code(")");
  B.code("}; const size_t __ferry_strides[] = {");
  std::string Zeros;
  for (size_t D = 0; D + 1 < K; ++D) {
    Zeros += "[0]";
    B.code(D ? ", sizeof((" : "sizeof((").tokens(Object).code(")" + Zeros + ")");
  }
  B.code("}; if (!" + pointerRows(PP, Object) + ") ferry_acc_update_block(&__ferry_region,")
      .code(Action)
      .code(IfPresent ? ", 1, (const char *)&(" : ", 0, (const char *)&(")
      .tokens(Object)
      .code(")");
  for (const ArraySection &S : V.Sections) {
    B.code("[");
    emitLower(B, S);
    B.code("]");
  }
  B.code(",").number(K - 1).code(", __ferry_counts, __ferry_strides, sizeof((");
  B.tokens(Object).code(")" + Zeros + "[0]) * (size_t)(").tokens(V.Sections.back().Length);
  B.code("), __ferry_options.async,").string(sectionsText(PP, V)).code(");");
  if (K >= 3) { // arrays of pointers in three dimensions: refused there
    B.code("else ferry_data_directive(&__ferry_region,").code(Action).code(", 0,");
    emitRange(PP, B, V, "(void *)");
    B.code(", __ferry_options.async,").string(sectionsText(PP, V)).code(");");
  }
  B.code("}");
}

/// `exit data copyout(p)` or `delete(p)` of a pointer named without a
/// section (a variable or a member): what it points to where that begins
/// present data (NVHPC's reading), else the pointer (ferry_exit_pointee).
bool StandaloneCalls::exitsPointee(const AccContext &Ctx, const Clause &C,
                                   const VarRef &V) const {
  if (D.Kind != ConstructKind::ExitData ||
      (C.Kind != ClauseKind::Copyout && C.Kind != ClauseKind::Delete) || !V.Sections.empty())
    return false;
  const QualType T = Ctx.objectType(V);
  return !T.isNull() && T->isPointerType();
}

void StandaloneCalls::emitPointeeExit(const Clause &C, const VarRef &V, const char *Action) {
  B.code("ferry_exit_pointee(&__ferry_region, (void *const *)&(")
      .tokens(V.object())
      .code("),")
      .code(Action)
      .code(",")
      .code(dataFlags(C))
      .code(", __ferry_options.async,")
      .string(spellingOf(PP, V.object()))
      .code(");");
}

void StandaloneCalls::emitRowData(const char *Action, const VarRef &V) {
  B.code("ferry_acc_rows_data(&__ferry_region,").string(sectionsText(PP, V)).code(",").code(Action).code(",");
  emitRowArguments(PP, B, V);
  B.code(Finalize ? ", 1, __ferry_options.async);" : ", 0, __ferry_options.async);");
}

} // namespace

/// `enter data`, `exit data`, `update` and `wait`: runtime calls on the
/// spot, in one block (a statement wherever the directive stands).
void rewriteStandaloneDirective(Preprocessor &PP, const AccContext &Ctx, const Directive &D,
                                SourceLocation PragmaLoc) {
  StandaloneCalls(PP, D, PragmaLoc).run(Ctx, PragmaLoc);
}

} // namespace plugin
} // namespace ferry
