//===- StandaloneDirective.cpp - Executable directives ---------------------===//
///
/// \file
/// See StandaloneDirective.h.
///
//===----------------------------------------------------------------------===//
#include "StandaloneDirective.h"

#include "CRegion.h"
#include "ConstructPieces.h"

using namespace clang;

namespace ferry {
namespace plugin {

/// `enter data`, `exit data`, `update` and `wait`: runtime calls on the
/// spot, in one block (a statement wherever the directive stands).
void rewriteStandaloneDirective(Preprocessor &PP, const AccContext &Ctx, const Directive &D,
                                SourceLocation PragmaLoc) {
  auto PointerRows = [&](ArrayRef<Token> Object) { return pointerRows(PP, Object); };
  TokenBuilder B(PP, PragmaLoc);
  B.code("{");
  emitRegion(PP, B, D, PragmaLoc, 0);
  remark(PP, Ctx, D, "");
  B.code("(void)__ferry_region;");
  emitOptions(B, D); // `wait` (clause or directive list) happens here
  if (D.Kind == ConstructKind::Wait && !D.find(ClauseKind::WaitClause))
    B.code("if (__ferry_options.on_device) ::ferry::acc::wait_all_queues(__ferry_options.async);");
  B.code("if (__ferry_options.on_device) {");
  const bool Finalize = D.find(ClauseKind::Finalize);
  const bool IfPresent = D.find(ClauseKind::IfPresent);
  // OpenACC's attach and detach actions: a section of a pointer that is
  // itself present (a member of a present struct) gets that pointer's
  // device copy pointed at the section's device copy once every clause has
  // made its data present, and pointed back (detached) before any data
  // leaves; `attach(p)`/`detach(p)` do only that.
  const bool Exit = D.Kind == ConstructKind::ExitData;
  auto Attachments = [&](bool Detach) {
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
        if (isC(PP)) { // a pointer (not an array): has an address to attach
          B.code(Detach ? "ferry_acc_detach_pointer((const void *)&("
                        : "ferry_acc_attach_pointer((const void *)&(")
              .tokens(V.object())
              .code("), __builtin_types_compatible_p(__typeof__(")
              .tokens(V.object())
              .code("), __typeof__(&(")
              .tokens(V.object())
              .code(")[0])),")
              .code(Detach ? (Finalize ? "1," : "0,") : "")
              .code("__ferry_options.async);");
          continue;
        }
        B.code(Detach ? "::ferry::acc::detach_pointer"
                      : "::ferry::acc::attach_pointer")
            .code(Sectioned ? "<false>(" : "<true>(")
            .tokens(V.object())
            .code(Detach ? (Finalize ? ", true," : ", false,") : ",")
            .code("__ferry_options.async);");
      }
    }
  };
  if (Exit)
    Attachments(/*Detach=*/true);
  for (const Clause &C : D.Clauses) {
    const char *Call = nullptr;
    switch (C.Kind) {
    case ClauseKind::Copyin:
      Call = "acc_copyin_async";
      break;
    case ClauseKind::Create:
      Call = C.Zero ? "ferry_create_zero_async" : "acc_create_async";
      break;
    case ClauseKind::Copyout:
      Call = Finalize ? "acc_copyout_finalize_async" : "acc_copyout_async";
      break;
    case ClauseKind::Delete:
      Call = Finalize ? "acc_delete_finalize_async" : "acc_delete_async";
      break;
    case ClauseKind::HostClause:
      Call = "acc_update_self_async";
      break;
    case ClauseKind::DeviceClause:
      Call = "acc_update_device_async";
      break;
    default:
      continue;
    }
    for (const VarRef &V : C.Vars) {
      // Rows of an array of pointers (`a[0:n][0:m]` of `T **a`): each
      // row moves too, attached after the pointers enter, detached before
      // they leave; `update` moves the rows only (the device's pointers
      // stay attached).
      const bool Rows = V.Sections.size() == 2 && !V.Vla;
      const int Action = C.Kind == ClauseKind::Copyin       ? 0
                         : C.Kind == ClauseKind::Create     ? 1
                         : C.Kind == ClauseKind::Copyout    ? 2
                         : C.Kind == ClauseKind::Delete     ? 3
                         : C.Kind == ClauseKind::HostClause ? 4
                                                            : 5;
      auto RowData = [&] {
        B.code("ferry_acc_rows_data(" + std::to_string(Action) + ",");
        emitRowArguments(PP, B, V);
        B.code(Finalize ? ", 1, __ferry_options.async);" : ", 0, __ferry_options.async);");
      };
      if (Rows && (Action == 2 || Action == 3))
        RowData();
      if (IfPresent) {
        B.code("if (acc_is_present(");
        emitRange(PP, B, V, "(void *)");
        B.code("))");
      }
      if (Rows && Action >= 4)
        B.code("if (!" + PointerRows(V.object()) + ")");
      B.code(Call).code("(");
      emitRange(PP, B, V, "(void *)");
      B.code(", __ferry_options.async);");
      if (Rows && Action != 2 && Action != 3)
        RowData();
    }
  }
  if (D.Kind == ConstructKind::EnterData)
    Attachments(/*Detach=*/false);
  B.code("} }");
  B.inject();
}

} // namespace plugin
} // namespace ferry
