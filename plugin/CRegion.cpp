//===- CRegion.cpp - A region's launch in a C translation unit ------------===//
///
/// \file
/// See CRegion.h.
///
//===----------------------------------------------------------------------===//
#include "CRegion.h"

#include "Diagnostics.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using llvm::SmallPtrSet;

namespace ferry {
namespace plugin {
namespace {

/// How a C region sees a variable of the code around it.
enum class CaptureKind {
  Value,     ///< firstprivate: a copy per chunk
  Array,     ///< firstprivate array: copied per chunk
  Private,   ///< private: a chunk's own, uninitialized
  Pointer,   ///< shared data: a pointer (an array decays), translated
  Reference, ///< shared scalar or struct: the body reaches it through a pointer
  Deviceptr, ///< a device address: never translated
};

struct Capture {
  Token Name;
  CaptureKind Kind;
};

std::string name(Preprocessor &PP, const Token &T) { return PP.getSpelling(T); }

/// The C spelling of a reduction's identity for the field `Field`.
std::string identity(StringRef Op, const std::string &Field) {
  const std::string T = "__typeof__(" + Field + ")";
  if (Op == "*" || Op == "&&")
    return "(" + T + ")1";
  if (Op == "&")
    return "(" + T + ")~(" + T + ")0";
  if (Op == "max")
    return "ferry_acc_lowest(" + Field + ")";
  if (Op == "min")
    return "ferry_acc_highest(" + Field + ")";
  return "(" + T + ")0"; // + | ^ ||
}

/// `A op B` for a reduction's operator.
std::string combine(StringRef Op, const std::string &A, const std::string &B) {
  if (Op == "max")
    return "(" + B + " > " + A + " ? " + B + " : " + A + ")";
  if (Op == "min")
    return "(" + B + " < " + A + " ? " + B + " : " + A + ")";
  return "(" + A + " " + Op.str() + " " + B + ")";
}

const char *cmpNumber(StringRef Cmp) {
  return Cmp == "lt" ? "0" : Cmp == "le" ? "1" : Cmp == "gt" ? "2" : Cmp == "ge" ? "3" : "4";
}

class Emitter {
public:
  Emitter(Preprocessor &PP, const AccContext &Ctx, SourceLocation Loc, TokenBuilder &B,
          const CRegionInput &In)
      : PP(PP), Ctx(Ctx), Loc(Loc), B(B), In(In) {}

  bool run() {
    if (!collect())
      return false;
    emitTypes();
    emitClosure();
    emitSlot();
    emitLaunch();
    return true;
  }

private:
  ArrayRef<Token> body() const { return In.Nest.back().Body; }

  /// Whether the construct (or the one around it, or a data construct
  /// around) says default(none).
  bool defaultNone() const {
    for (const Directive *D : {&In.D, In.Compute})
      if (D)
        if (const Clause *C = D->find(ClauseKind::Default); C && C->DefaultKind == "none")
          return true;
    const Clause *Outer = Ctx.enclosingDataDefault();
    return Outer && Outer->DefaultKind == "none";
  }

  bool add(const Token &T, CaptureKind K) {
    if (!Seen.insert(T.getIdentifierInfo()).second)
      return true;
    const VarDecl *VD = Ctx.lookupVariable(T);
    if (VD && VD->getType()->isVariablyModifiedType() && K != CaptureKind::Reference) {
      report(PP, T.getLocation(), Diag::CVariablyModified) << name(PP, T);
      return false;
    }
    Captures.push_back({T, K});
    return true;
  }

  bool collect() {
    // The loop variables and the reduction variables are the chunk's own.
    for (const CanonicalLoop &L : In.Nest)
      Seen.insert(L.Var.getIdentifierInfo());
    bool Ok = true;
    In.Reductions.forEach([&](const Clause &C, const VarRef &V) {
      if (!V.Sections.empty() || V.isMember()) {
        report(PP, V.Name.getLocation(), Diag::CUnsupported)
            << "a reduction on an array section or a member";
        Ok = false;
        return;
      }
      if (const VarDecl *VD = Ctx.lookupVariable(V.Name); VD && VD->getType()->isArrayType()) {
        report(PP, V.Name.getLocation(), Diag::CUnsupported) << "a reduction on an array";
        Ok = false;
        return;
      }
      if (Seen.insert(V.Name.getIdentifierInfo()).second)
        Reduced.push_back({V.Name, C.ReductionOp});
    });
    if (!Ok)
      return false;
    for (const Clause &C : In.D.Clauses) {
      if (C.Kind != ClauseKind::Private && C.Kind != ClauseKind::Firstprivate)
        continue;
      for (const VarRef &V : C.Vars) {
        if (!V.Sections.empty() || V.isMember()) {
          report(PP, V.Name.getLocation(), Diag::CUnsupported)
              << "a private copy of an array section or a member";
          return false;
        }
        const VarDecl *VD = Ctx.lookupVariable(V.Name);
        const bool Array = VD && VD->getType()->isArrayType();
        if (!add(V.Name, C.Kind == ClauseKind::Private ? CaptureKind::Private
                         : Array                       ? CaptureKind::Array
                                                       : CaptureKind::Value))
          return false;
      }
    }
    // Shared data: the data clauses of the construct, of the compute
    // construct around a loop, of data constructs around, of `declare`.
    SmallVector<const Clause *, 8> Data;
    for (const Directive *D : {&In.D, In.Compute})
      if (D)
        for (const Clause &C : D->Clauses)
          if (isDataClause(C.Kind))
            Data.push_back(&C);
    for (const Clause *C : Ctx.enclosingDataClauses())
      Data.push_back(C);
    for (const Clause *C : Ctx.declaredUsedIn(body()))
      Data.push_back(C);
    SmallPtrSet<const IdentifierInfo *, 8> Sectioned;
    for (const Clause *C : Data)
      for (const VarRef &V : C->Vars)
        if (!V.Sections.empty() && !V.isMember())
          Sectioned.insert(V.Name.getIdentifierInfo());
    for (const Clause *C : Data)
      for (const VarRef &V : C->Vars) {
        if (V.isMember())
          continue;
        const VarDecl *VD = Ctx.lookupVariable(V.Name);
        if (!VD || !VD->hasLocalStorage())
          continue; // globals: the outliner passes them (or `declare`s them)
        CaptureKind K = C->Kind == ClauseKind::Deviceptr ? CaptureKind::Deviceptr
                        : Sectioned.count(V.Name.getIdentifierInfo()) ||
                                VD->getType()->isArrayType()
                            ? CaptureKind::Pointer
                            : CaptureKind::Reference;
        if (!add(V.Name, K))
          return false;
      }
    for (const Token &T : In.Implied) {
      const VarDecl *VD = Ctx.lookupVariable(T);
      if (!VD || !VD->hasLocalStorage())
        continue;
      if (!add(T, VD->getType()->isArrayType() ? CaptureKind::Pointer : CaptureKind::Reference))
        return false;
    }
    // Everything else the body names: firstprivate. Not the names it
    // declares itself.
    const bool None = defaultNone();
    ArrayRef<Token> Body = body();
    SmallPtrSet<const IdentifierInfo *, 8> Own = declaredInBody(Body);
    for (size_t I = 0; I < Body.size(); ++I) {
      const Token &T = Body[I];
      if (!T.is(tok::identifier) || (I && Body[I - 1].isOneOf(tok::period, tok::arrow)) ||
          T.getIdentifierInfo()->getName().starts_with("__ferry_") ||
          Seen.count(T.getIdentifierInfo()) || Own.count(T.getIdentifierInfo()))
        continue;
      const VarDecl *VD = Ctx.lookupVariable(T);
      if (!VD || !VD->hasLocalStorage())
        continue;
      if (None) {
        report(PP, T.getLocation(), Diag::CDefaultNone) << name(PP, T);
        return false;
      }
      if (!add(T, VD->getType()->isArrayType() ? CaptureKind::Array : CaptureKind::Value))
        return false;
    }
    return true;
  }

  /// The names \p Body declares (`T x =`, `T *x;`, `T x[`, `T x,` with T a
  /// type keyword or a typedef): the body's own variables. (A lookup where
  /// the directive stands may still find the variable of a `for` statement
  /// just before it, which the parser has not left.)
  SmallPtrSet<const IdentifierInfo *, 8> declaredInBody(ArrayRef<Token> Body) const {
    SmallPtrSet<const IdentifierInfo *, 8> Own;
    auto IsType = [&](const Token &T) {
      return T.isOneOf(tok::kw_int, tok::kw_double, tok::kw_float, tok::kw_long, tok::kw_short,
                       tok::kw_char, tok::kw_unsigned, tok::kw_signed, tok::kw_bool,
                       tok::kw__Complex, tok::kw_void) ||
             (T.is(tok::identifier) && Ctx.namesType(T));
    };
    for (size_t I = 1; I + 1 < Body.size(); ++I) {
      if (!Body[I].is(tok::identifier) ||
          !Body[I + 1].isOneOf(tok::equal, tok::semi, tok::comma, tok::l_square))
        continue;
      size_t P = I - 1;
      while (P > 0 && Body[P].isOneOf(tok::star, tok::kw_const, tok::kw_restrict,
                                      tok::kw_volatile))
        --P;
      // `struct s x`: the tag names the type.
      const bool Tag = P > 0 && Body[P].is(tok::identifier) &&
                       Body[P - 1].isOneOf(tok::kw_struct, tok::kw_union, tok::kw_enum);
      if (IsType(Body[P]) || Tag)
        Own.insert(Body[I].getIdentifierInfo());
    }
    return Own;
  }

  /// `__typeof__(x)`.
  void typeOf(const Token &T) { B.code("__typeof__(").tokens(T).code(")"); }

  void emitTypes() {
    for (size_t L = 0; L < In.Nest.size(); ++L) {
      const CanonicalLoop &Loop = In.Nest[L];
      B.code("typedef");
      if (Loop.VarType.empty())
        typeOf(Loop.Var);
      else
        B.tokens(Loop.VarType);
      B.code("__ferry_index_t" + std::to_string(L) + ";");
    }
    B.code("struct ferry_closure {");
    for (const Capture &C : Captures) {
      const std::string N = name(PP, C.Name);
      switch (C.Kind) {
      case CaptureKind::Value:
      case CaptureKind::Array:
        typeOf(C.Name);
        B.code(N + ";");
        break;
      case CaptureKind::Private:
        break;
      case CaptureKind::Pointer:
        B.code("__typeof__(&(").tokens(C.Name).code(")[0])" + N + ";");
        break;
      case CaptureKind::Reference:
        typeOf(C.Name);
        B.code("*__ferry_ref_" + N + ";");
        break;
      case CaptureKind::Deviceptr:
        B.code("struct ferry_device_address_" + N + "{");
        typeOf(C.Name);
        B.code("v; }" + N + ";");
        break;
      }
    }
    const std::string Levels = "[" + std::to_string(In.Nest.size()) + "]";
    B.code("long long __ferry_lo" + Levels + ", __ferry_st" + Levels + ", __ferry_n" + Levels +
           "; };");
    if (!Reduced.empty()) {
      B.code("struct ferry_partial {");
      for (const auto &[T, Op] : Reduced) {
        typeOf(T);
        B.code(name(PP, T) + ";");
      }
      B.code("};");
    }
  }

  void emitClosure() {
    B.code("struct ferry_closure __ferry_cl; __builtin_memset(&__ferry_cl, 0, sizeof "
           "__ferry_cl);");
    for (const Capture &C : Captures) {
      const std::string N = name(PP, C.Name);
      switch (C.Kind) {
      case CaptureKind::Value:
      case CaptureKind::Array:
        B.code("__builtin_memcpy((void *)&__ferry_cl." + N + ", (const void *)&(")
            .tokens(C.Name)
            .code("), sizeof(__ferry_cl." + N + "));");
        break;
      case CaptureKind::Private:
        break;
      case CaptureKind::Pointer:
        B.code("__ferry_cl." + N + " = (").tokens(C.Name).code(");");
        break;
      case CaptureKind::Reference:
        B.code("__ferry_cl.__ferry_ref_" + N + " = &(").tokens(C.Name).code(");");
        break;
      case CaptureKind::Deviceptr:
        B.code("__ferry_cl." + N + ".v = (").tokens(C.Name).code(");");
        break;
      }
    }
    for (size_t L = 0; L < In.Nest.size(); ++L) {
      const CanonicalLoop &Loop = In.Nest[L];
      const std::string I = std::to_string(L), T = "__ferry_index_t" + I;
      B.code("{" + T + " __ferry_lo = (" + T + ")(").tokens(Loop.Lower).code(");");
      B.code("__ferry_cl.__ferry_lo[" + I + "] = (long long)__ferry_lo;");
      B.code("__ferry_cl.__ferry_st[" + I + "] = (long long)(")
          .tokens(Loop.Step)
          .code(Loop.NegativeStep ? ") * -1;" : ");");
      B.code("__ferry_cl.__ferry_n[" + I + "] = ferry_acc_trip_count((__int128)__ferry_lo, "
             "(__int128)(__typeof__((" + T + ")0 + (")
          .tokens(Loop.Bound)
          .code(")))(")
          .tokens(Loop.Bound)
          .code("), (__int128)__ferry_cl.__ferry_st[" + I + "], " + cmpNumber(Loop.Cmp) + "); }");
    }
    B.code("int64_t __ferry_trip = 1; for (int __ferry_l = 0; __ferry_l < " +
           std::to_string(In.Nest.size()) +
           "; ++__ferry_l) __ferry_trip = __ferry_trip < 0 || __ferry_cl.__ferry_n[__ferry_l] "
           "< 0 ? -1 : __ferry_trip * __ferry_cl.__ferry_n[__ferry_l];");
  }

  /// The body with each name of a Reference capture as `(*__ferry_ref_x)`.
  TokenList rewrittenBody() {
    llvm::SmallDenseMap<const IdentifierInfo *, std::string> Refs;
    for (const Capture &C : Captures)
      if (C.Kind == CaptureKind::Reference)
        Refs[C.Name.getIdentifierInfo()] = "__ferry_ref_" + name(PP, C.Name);
    ArrayRef<Token> Body = body();
    TokenList Out;
    for (size_t I = 0; I < Body.size(); ++I) {
      const Token &T = Body[I];
      auto It = T.is(tok::identifier) ? Refs.find(T.getIdentifierInfo()) : Refs.end();
      if (It == Refs.end() || (I && Body[I - 1].isOneOf(tok::period, tok::arrow))) {
        Out.push_back(T);
        continue;
      }
      TokenBuilder R(PP, T.getLocation());
      R.code("(*" + It->second + ")");
      Out.append(R.get().begin(), R.get().end());
    }
    return Out;
  }

  void emitChunk() {
    B.code("(void *)^(const void *__ferry_cv, long long __ferry_begin, long long __ferry_end, "
           "void *__ferry_pv) { const struct ferry_closure *__ferry_c = (const struct "
           "ferry_closure *)__ferry_cv; (void)__ferry_c; (void)__ferry_pv;");
    for (const Capture &C : Captures) {
      const std::string N = name(PP, C.Name);
      switch (C.Kind) {
      case CaptureKind::Value:
        typeOf(C.Name);
        B.code(N + " = __ferry_c->" + N + ";");
        break;
      case CaptureKind::Array:
        typeOf(C.Name);
        B.code(N + "; __builtin_memcpy((void *)&" + N + ", (const void *)&__ferry_c->" + N +
               ", sizeof " + N + ");");
        break;
      case CaptureKind::Private:
        typeOf(C.Name);
        B.code(N + ";");
        break;
      case CaptureKind::Pointer:
        B.code("__typeof__(&(").tokens(C.Name).code(")[0])" + N + " = __ferry_c->" + N + ";");
        break;
      case CaptureKind::Reference:
        typeOf(C.Name);
        B.code("*__ferry_ref_" + N + " = __ferry_c->__ferry_ref_" + N + ";");
        B.code("(void)__ferry_ref_" + N + ";");
        continue;
      case CaptureKind::Deviceptr:
        typeOf(C.Name);
        B.code(N + " = __ferry_c->" + N + ".v;");
        break;
      }
      B.code("(void)" + N + ";");
    }
    if (!Reduced.empty()) {
      B.code("struct ferry_partial *__ferry_p = (struct ferry_partial *)__ferry_pv;");
      for (const auto &[T, Op] : Reduced) {
        const std::string N = name(PP, T);
        B.code("__typeof__(__ferry_p->" + N + ")" + N + " = __ferry_p->" + N + ";");
      }
    }
    const size_t Levels = In.Nest.size();
    B.code("for (long long __ferry_k = __ferry_begin; __ferry_k < __ferry_end; ++__ferry_k) {"
           "long long __ferry_r = __ferry_k; (void)__ferry_r;");
    for (size_t L = Levels; L-- > 0;) {
      const std::string I = std::to_string(L);
      if (Levels == 1)
        B.code("long long __ferry_i0 = __ferry_k;");
      else
        B.code("long long __ferry_i" + I + " = __ferry_r % __ferry_c->__ferry_n[" + I +
               "]; __ferry_r /= __ferry_c->__ferry_n[" + I + "];");
    }
    for (size_t L = 0; L < Levels; ++L) {
      const std::string I = std::to_string(L), T = "__ferry_index_t" + I;
      B.code(T).tokens(In.Nest[L].Var);
      B.code("= (" + T + ")((unsigned long long)__ferry_c->__ferry_lo[" + I +
             "] + (unsigned long long)__ferry_i" + I +
             " * (unsigned long long)__ferry_c->__ferry_st[" + I + "]);");
      B.code("(void)").tokens(In.Nest[L].Var).code(";");
    }
    B.code("do").tokens(rewrittenBody()).code("while (0); }");
    for (const auto &[T, Op] : Reduced) {
      const std::string N = name(PP, T);
      B.code("__ferry_p->" + N + " = " + N + ";");
    }
    B.code("}");
  }

  void emitInitAndCombine() {
    if (Reduced.empty()) {
      B.code(", 0, 0");
      return;
    }
    B.code(", (void *)^(void *__ferry_pv) { struct ferry_partial *__ferry_p = (struct "
           "ferry_partial *)__ferry_pv;");
    for (const auto &[T, Op] : Reduced) {
      const std::string F = "__ferry_p->" + name(PP, T);
      B.code(F + " = " + identity(Op, F) + ";");
    }
    B.code("}, (void *)^(void *__ferry_dv, const void *__ferry_sv) { struct ferry_partial "
           "*__ferry_d = (struct ferry_partial *)__ferry_dv; const struct ferry_partial "
           "*__ferry_s = (const struct ferry_partial *)__ferry_sv;");
    for (const auto &[T, Op] : Reduced) {
      const std::string N = name(PP, T);
      B.code("__ferry_d->" + N + " = " + combine(Op, "__ferry_d->" + N, "__ferry_s->" + N) +
             ";");
    }
    B.code("}");
  }

  void emitSlot() {
    B.code("static ferry_acc_slot __ferry_slot "
           "__attribute__((annotate(\"ferry.device_region\"))) = { {0},");
    emitChunk();
    emitInitAndCombine();
    B.code(", sizeof(struct ferry_closure), _Alignof(struct ferry_closure),");
    if (Reduced.empty())
      B.code("0, 1");
    else
      B.code("sizeof(struct ferry_partial), _Alignof(struct ferry_partial)");
    B.code(", &__ferry_region };");
  }

  void emitLaunch() {
    if (Reduced.empty()) {
      B.code("ferry_acc_launch(&__ferry_region, __ferry_options, &__ferry_slot, &__ferry_cl, "
             "sizeof __ferry_cl, __ferry_trip, 0);");
      return;
    }
    B.code("struct ferry_partial __ferry_result; ferry_acc_launch(&__ferry_region, "
           "__ferry_options, &__ferry_slot, &__ferry_cl, sizeof __ferry_cl, __ferry_trip, "
           "&__ferry_result);");
    // The original variable gets `var op result`; where it is present
    // (a data clause), its device copy is the original: read and written.
    for (const auto &[T, Op] : Reduced) {
      const std::string N = name(PP, T);
      B.code("{ _Bool __ferry_present = acc_get_device_type() != acc_device_host && "
             "acc_is_present((void *)&(")
          .tokens(T)
          .code("), sizeof(")
          .tokens(T)
          .code(")); if (__ferry_present) acc_update_self((void *)&(")
          .tokens(T)
          .code("), sizeof(")
          .tokens(T)
          .code("));")
          .tokens(T)
          .code("=");
      B.code(combine(Op, N, "__ferry_result." + N));
      B.code("; if (__ferry_present) acc_update_device((void *)&(")
          .tokens(T)
          .code("), sizeof(")
          .tokens(T)
          .code(")); }");
    }
  }

  Preprocessor &PP;
  const AccContext &Ctx;
  SourceLocation Loc;
  TokenBuilder &B;
  const CRegionInput &In;
  SmallPtrSet<const IdentifierInfo *, 16> Seen;
  std::vector<Capture> Captures;
  std::vector<std::pair<Token, std::string>> Reduced;
};

} // namespace

bool emitCRegionLaunch(Preprocessor &PP, const AccContext &Ctx, SourceLocation PragmaLoc,
                       TokenBuilder &B, const CRegionInput &In) {
  TokenBuilder Out(PP, PragmaLoc);
  if (!Emitter(PP, Ctx, PragmaLoc, Out, In).run())
    return false;
  B.tokens(Out.get());
  return true;
}

void emitCDataScope(TokenBuilder &B, unsigned Items) {
  B.code("__attribute__((__cleanup__(ferry_acc_data_scope_exit))) ferry_acc_data_scope "
         "__ferry_data_scope = ferry_acc_data_scope_enter(&__ferry_region, __ferry_data,")
      .number(Items)
      .code(", __ferry_options);");
}

} // namespace plugin
} // namespace ferry
