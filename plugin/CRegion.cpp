//===- CRegion.cpp - A region's launch in a C translation unit ------------===//
///
/// \file
/// See CRegion.h.
///
//===----------------------------------------------------------------------===//
#include "CRegion.h"

#include "Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
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
  /// A Pointer to a variable-length array's rows (`double a[n][m]`, `double
  /// (*p)[m]`): the lengths of the row's dimensions, read where the region
  /// starts (a closure cannot hold a type of variable size).
  unsigned VariableDims = 0;
  /// A Pointer to an array of a constant size: the chunk's body reaches
  /// the array through a pointer to all of it, so that it keeps its type
  /// (`sizeof a`, `&a`).
  bool FixedArray = false;
  /// A Value of a `register` variable, which has no address: assigned to
  /// the closure, not copied from its bytes.
  bool Register = false;
};

/// A reduction of a C region: a scalar, or elements [Lower, Lower +
/// Length) of an array or pointer (a whole array: all of them).
struct Reduction {
  Token Name;
  std::string Op;
  bool Elements = false;
  TokenList Lower, Length; ///< with Elements (Lower empty: 0)
};

std::string name(Preprocessor &PP, const Token &T) { return PP.getSpelling(T); }

/// `[0]` \p N times.
std::string zeros(unsigned N) {
  std::string Out;
  for (unsigned I = 0; I < N; ++I)
    Out += "[0]";
  return Out;
}

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
  return Cmp == "lt"   ? "0"
         : Cmp == "le" ? "1"
         : Cmp == "gt" ? "2"
         : Cmp == "ge" ? "3"
                       : "4";
}

class Emitter {
public:
  Emitter(Preprocessor &PP, const AccContext &Ctx, SourceLocation Loc,
          TokenBuilder &B, const CRegionInput &In)
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

  bool add(const Token &T, CaptureKind K) {
    if (!Seen.insert(T.getIdentifierInfo()).second)
      return true;
    const VarDecl *VD = Ctx.lookupVariable(T);
    // What the closure holds: the variable, or a pointer to its first
    // element (`double c[n]` is a `double *` then, of no variable type).
    QualType Held = VD ? VD->getType() : QualType();
    if (VD && K == CaptureKind::Pointer) {
      if (const ArrayType *A = VD->getASTContext().getAsArrayType(Held))
        Held = A->getElementType();
      else if (Held->isPointerType())
        Held = Held->getPointeeType();
    }
    unsigned VariableDims = 0;
    if (VD && K == CaptureKind::Pointer && Held->isVariablyModifiedType()) {
      const ASTContext &AC = VD->getASTContext();
      QualType Row = Held;
      for (; const ArrayType *A = AC.getAsArrayType(Row); ++VariableDims)
        Row = A->getElementType();
      if (Row->isVariablyModifiedType())
        VariableDims = 0; // rows of pointers to arrays of variable length
    }
    if (VD && Held->isVariablyModifiedType() && K != CaptureKind::Reference &&
        !VariableDims) {
      report(PP, T.getLocation(), Diag::CVariablyModified) << name(PP, T);
      return false;
    }
    Captures.push_back({T, K, VariableDims,
                        VD && K == CaptureKind::Pointer && VD->getType()->isConstantArrayType(),
                        VD && K == CaptureKind::Value && VD->getStorageClass() == SC_Register});
    return true;
  }

  bool collect() {
    // The loop variables and the reduction variables are the chunk's own.
    for (const CanonicalLoop &L : In.Nest)
      Seen.insert(L.Var.getIdentifierInfo());
    Ctx.addControlLocals(ControlLocals);
    return collectReductions() && collectPrivates() && collectShared() &&
           collectFirstprivate();
  }

  /// The reductions: scalars, whole arrays, one-dimensional sections.
  bool collectReductions() {
    bool Ok = true;
    In.Reductions.forEach([&](const Clause &C, const VarRef &V) {
      if (V.isMember() || V.Sections.size() > 1) {
        report(PP, V.Name.getLocation(), Diag::CUnsupported)
            << "a reduction on a member or on a section in several dimensions";
        Ok = false;
        return;
      }
      Reduction R{V.Name, C.ReductionOp, false, {}, {}};
      const VarDecl *VD = Ctx.lookupVariable(V.Name);
      // (As C++'s static assertion says it: a pointer, a struct.)
      if (VD) {
        QualType T = VD->getType();
        if (!V.Sections.empty() && T->isPointerType())
          T = T->getPointeeType();
        while (const ArrayType *A = T->getAsArrayTypeUnsafe())
          T = A->getElementType();
        if (!T->isArithmeticType() && !T->isAnyComplexType()) {
          report(PP, V.Name.getLocation(), Diag::CReductionType)
              << PP.getSpelling(V.Name) << VD->getType().getAsString();
          Ok = false;
          return;
        }
      }
      if (!V.Sections.empty()) {
        R.Elements = true;
        R.Lower = V.Sections[0].Lower;
        R.Length = V.Sections[0].Length;
      } else if (VD && VD->getType()->isArrayType()) {
        // (Variable-length arrays are refused before: AccContext.)
        if (VD->getType()->getArrayElementTypeNoTypeQual()->isArrayType()) {
          report(PP, V.Name.getLocation(), Diag::CUnsupported)
              << "a reduction on a whole array of several dimensions";
          Ok = false;
          return;
        }
        R.Elements = true;
        TokenBuilder Whole(PP, V.Name.getLocation());
        Whole.code("sizeof(")
            .tokens(V.Name)
            .code(") / sizeof((")
            .tokens(V.Name)
            .code(")[0])");
        R.Length.append(Whole.get().begin(), Whole.get().end());
      }
      if (R.Elements && R.Length.empty()) {
        report(PP, V.Name.getLocation(), Diag::CUnsupported)
            << "a reduction on a section without a length";
        Ok = false;
        return;
      }
      if (Seen.insert(V.Name.getIdentifierInfo()).second)
        Reduced.push_back(std::move(R));
    });
    return Ok;
  }

  /// `private` and `firstprivate` of variables (sections: In.Sections).
  bool collectPrivates() {
    for (const Clause &C : In.D.Clauses) {
      if (C.Kind != ClauseKind::Private && C.Kind != ClauseKind::Firstprivate)
        continue;
      for (const VarRef &V : C.Vars) {
        // (A variable-length array named whole: the section of all its
        // elements, LoopPrivates.)
        if ((!V.Sections.empty() || V.Vla) && !V.isMember())
          continue; // In.Sections
        if (V.isMember()) {
          report(PP, V.Name.getLocation(), Diag::CUnsupported)
              << "a private copy of a member";
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
    for (const PrivateSection &P : In.Sections)
      if (!Seen.insert(P.Var.Name.getIdentifierInfo()).second) {
        report(PP, P.Var.Name.getLocation(), Diag::CUnsupported)
            << "a private copy of a variable the region also reduces or copies "
               "otherwise";
        return false;
      }
    return true;
  }

  /// Shared data: pointers, and scalars through pointers.
  bool collectShared() {
    // Shared data: the data clauses of the construct, of the compute
    // construct around a loop, of data constructs around, of `declare`.
    const SmallVector<const Clause *, 8> Data = Ctx.sharedDataClauses(In.D, In.Compute, body());
    SmallPtrSet<const IdentifierInfo *, 8> Sectioned;
    for (const Clause *C : Data)
      for (const VarRef &V : C->Vars)
        if ((!V.Sections.empty() || V.PresentPointee) && !V.isMember())
          Sectioned.insert(V.Name.getIdentifierInfo());
    for (const Clause *C : Data)
      for (const VarRef &V : C->Vars) {
        if (V.isMember())
          continue;
        const VarDecl *VD = Ctx.lookupVariable(V.Name);
        if (!VD || declared(VD))
          continue; // `declare`: regions use its device copy
        CaptureKind K = C->Kind == ClauseKind::Deviceptr
                            ? CaptureKind::Deviceptr
                        : Sectioned.count(V.Name.getIdentifierInfo()) ||
                                VD->getType()->isArrayType()
                            ? CaptureKind::Pointer
                            : CaptureKind::Reference;
        if (!add(V.Name, K))
          return false;
      }
    for (const Token &T : In.Implied) {
      const VarDecl *VD = Ctx.lookupVariable(T);
      // A variable of the construct's sequential control that the loop
      // assigns: shared with the control (its type is known where the
      // launch is parsed).
      if (!VD && ControlLocals.count(T.getIdentifierInfo())) {
        if (!add(T, CaptureKind::Reference))
          return false;
        continue;
      }
      if (!VD || declared(VD))
        continue;
      if (!add(T, VD->getType()->isArrayType() ? CaptureKind::Pointer
                                               : CaptureKind::Reference))
        return false;
    }
    return true;
  }

  /// What else the body names: firstprivate copies.
  bool collectFirstprivate() {
    // Everything else the body names: firstprivate. Not the names it
    // declares itself.
    const bool None = Ctx.defaultNone(In.D, In.Compute);
    ArrayRef<Token> Body = body();
    const std::vector<bool> Own = ownNames(Body);
    for (size_t I = 0; I < Body.size(); ++I) {
      const Token &T = Body[I];
      if (!T.is(tok::identifier) ||
          (I && Body[I - 1].isOneOf(tok::period, tok::arrow)) ||
          T.getIdentifierInfo()->getName().starts_with("__ferry_") ||
          Seen.count(T.getIdentifierInfo()) || Own[I])
        continue;
      const VarDecl *VD = Ctx.lookupVariable(T);
      // A variable the construct's sequential control declares: a scalar
      // (host control declares no others), firstprivate.
      if (!VD && ControlLocals.count(T.getIdentifierInfo())) {
        if (!add(T, CaptureKind::Value))
          return false;
        continue;
      }
      if (!VD || !VD->hasLocalStorage())
        continue;
      if (None) {
        report(PP, T.getLocation(), Diag::CDefaultNone) << name(PP, T);
        return false;
      }
      if (!add(T, VD->getType()->isArrayType() ? CaptureKind::Array
                                               : CaptureKind::Value))
        return false;
    }
    return true;
  }

  /// Whether \p Body[I] starts a declarator: `T x =`, `T *x;`, `T x[`,
  /// `T x,` with T a type keyword, a typedef or `struct s`, and the later
  /// declarators of such a statement (`int i, is;`).
  bool declaresAt(ArrayRef<Token> Body, size_t I) const {
    if (I == 0 || I + 1 >= Body.size() || !Body[I].is(tok::identifier) ||
        !Body[I + 1].isOneOf(tok::equal, tok::semi, tok::comma, tok::l_square))
      return false;
    auto IsType = [&](size_t P) {
      const Token &T = Body[P];
      return T.isOneOf(tok::kw_int, tok::kw_double, tok::kw_float, tok::kw_long,
                       tok::kw_short, tok::kw_char, tok::kw_unsigned, tok::kw_signed,
                       tok::kw_bool, tok::kw__Complex, tok::kw_void) ||
             (T.is(tok::identifier) && Ctx.namesType(T)) ||
             // `struct s x`: the tag names the type.
             (P > 0 && T.is(tok::identifier) &&
              Body[P - 1].isOneOf(tok::kw_struct, tok::kw_union, tok::kw_enum));
    };
    size_t P = I - 1;
    while (P > 0 && Body[P].isOneOf(tok::star, tok::kw_const, tok::kw_restrict, tok::kw_volatile))
      --P;
    if (!Body[P].is(tok::comma))
      return IsType(P);
    // A later declarator: the statement's first token (after `;`, a brace
    // or an opening parenthesis around it) is a type.
    int Depth = 0;
    for (size_t Q = P; Q-- > 0;) {
      if (Body[Q].isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
        ++Depth;
      else if (Body[Q].isOneOf(tok::l_paren, tok::l_square, tok::l_brace) && Depth)
        --Depth;
      else if (!Depth && Body[Q].isOneOf(tok::semi, tok::l_brace, tok::l_paren))
        return Q + 1 < P && IsType(Q + 1);
    }
    return IsType(0);
  }

  /// Which tokens of \p Body name a variable the body declares (the
  /// declarator and the uses in its scope: the rest of its block, or the
  /// `for` statement whose header declares it): not the code around's. A
  /// name the body declares in an inner block only is the outer variable
  /// elsewhere (`is = t[in];` beside `{ int is = e[in]; ... }`).
  std::vector<bool> ownNames(ArrayRef<Token> Body) const {
    struct Scope {
      size_t End; ///< the token that ends it (its `}`, or a `for`'s last)
      SmallPtrSet<const IdentifierInfo *, 4> Names;
    };
    // The last token of the statement starting at \p S: a block's `}`,
    // else the first `;` outside brackets, or the token before the `}` that
    // closes the block around it. (A statement that nests a block after a
    // header, `for (...) for (...) { }`, may seem to reach further.)
    auto StatementEnd = [&](size_t S) {
      int Depth = 0;
      for (size_t Q = S; Q < Body.size(); ++Q) {
        if (Body[Q].isOneOf(tok::l_paren, tok::l_square, tok::l_brace)) {
          ++Depth;
        } else if (Body[Q].isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) {
          if (--Depth < 0)
            return Q - 1;
          if (!Depth && Q > S && Body[S].is(tok::l_brace))
            return Q;
        } else if (!Depth && Body[Q].is(tok::semi)) {
          return Q;
        }
      }
      return Body.size();
    };
    std::vector<bool> Own(Body.size(), false);
    SmallVector<Scope, 8> Scopes{{Body.size(), {}}};
    for (size_t I = 0; I < Body.size(); ++I) {
      while (Scopes.size() > 1 && Scopes.back().End < I)
        Scopes.pop_back();
      const Token &T = Body[I];
      if (T.is(tok::l_brace)) {
        Scopes.push_back({StatementEnd(I), {}});
        continue;
      }
      if (T.is(tok::kw_for) && I + 1 < Body.size() && Body[I + 1].is(tok::l_paren)) {
        // The header's declarations: in scope up to the end of the body.
        size_t Close = I + 1;
        for (int Depth = 0; Close < Body.size(); ++Close)
          if (Body[Close].is(tok::l_paren))
            ++Depth;
          else if (Body[Close].is(tok::r_paren) && --Depth == 0)
            break;
        Scopes.push_back({Close + 1 < Body.size() ? StatementEnd(Close + 1) : Body.size(), {}});
        continue;
      }
      if (!T.is(tok::identifier) || (I && Body[I - 1].isOneOf(tok::period, tok::arrow)))
        continue;
      if (declaresAt(Body, I))
        Scopes.back().Names.insert(T.getIdentifierInfo());
      Own[I] = llvm::any_of(Scopes, [&](const Scope &S) {
        return S.Names.count(T.getIdentifierInfo()) != 0;
      });
    }
    return Own;
  }

  /// A global of a namespace-scope `declare`: its device copy is the
  /// outliner's.
  static bool declared(const VarDecl *VD) {
    for (const auto *A : VD->specific_attrs<AnnotateAttr>())
      if (A->getAnnotation().starts_with("ferry.declare"))
        return true;
    return false;
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
        if (C.Register) // (assigned: not const)
          B.code("__typeof_unqual__(").tokens(C.Name).code(")");
        else
          typeOf(C.Name);
        B.code(N + ";");
        break;
      case CaptureKind::Private:
        break;
      case CaptureKind::Pointer:
        if (C.VariableDims)
          B.code("void *" + N + "; long long __ferry_vd_" + N + "[" +
                 std::to_string(C.VariableDims) + "];");
        else
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
    if (!In.Sections.empty())
      B.code("ferry_private_block __ferry_privates;");
    for (const PrivateSection &P : In.Sections) {
      const std::string N = name(PP, P.Var.Name);
      B.code("long long __ferry_plo_" + N + ", __ferry_plen_" + N + ";");
      B.code("unsigned long long __ferry_poff_" + N + ";");
      if (P.First)
        B.code("__typeof__(&(")
            .tokens(P.Var.Name)
            .code(")[0]) __ferry_psrc_" + N + ";");
    }
    for (const Reduction &R : Reduced)
      if (R.Elements)
        B.code("long long __ferry_rlo_" + name(PP, R.Name) + ";");
    const std::string Levels = "[" + std::to_string(In.Nest.size()) + "]";
    B.code("long long __ferry_lo" + Levels + ", __ferry_st" + Levels +
           ", __ferry_n" + Levels + "; };");
    if (!Reduced.empty()) {
      B.code("struct ferry_partial {");
      for (const Reduction &R : Reduced) {
        if (!R.Elements) {
          typeOf(R.Name);
          B.code(name(PP, R.Name) + ";");
          continue;
        }
        // (A length that is no constant is an error at its tokens.)
        B.code("__typeof__((")
            .tokens(R.Name)
            .code(")[0])" + name(PP, R.Name) + "[");
        B.tokens(R.Length).code("];");
      }
      B.code("};");
      // The private copies of an array or a section live in group memory,
      // one per warp: 1024 bytes each at most, as in C++ (acc.h's
      // reduce_section), where every device has room for them.
      for (const Reduction &R : Reduced)
        if (R.Elements)
          B.code("_Static_assert(sizeof(((struct ferry_partial *)0)->" + name(PP, R.Name) +
                 ") <= 1024, \"an OpenACC reduction on an array or an array section over "
                 "more than 1024 bytes ('" + PP.getSpelling(R.Name) +
                 "') is not supported by Ferry yet\");");
    }
  }

  void emitClosure() {
    B.code("struct ferry_closure __ferry_cl; __builtin_memset(&__ferry_cl, 0, "
           "sizeof "
           "__ferry_cl);");
    for (const Capture &C : Captures) {
      const std::string N = name(PP, C.Name);
      switch (C.Kind) {
      case CaptureKind::Value:
      case CaptureKind::Array:
        if (C.Register) { // (no address to copy from)
          B.code("__ferry_cl." + N + " = (").tokens(C.Name).code(");");
          break;
        }
        B.code("__builtin_memcpy((void *)&__ferry_cl." + N +
               ", (const void *)&(")
            .tokens(C.Name)
            .code("), sizeof(__ferry_cl." + N + "));");
        break;
      case CaptureKind::Private:
        break;
      case CaptureKind::Pointer:
        B.code("__ferry_cl." + N + " = (").tokens(C.Name).code(");");
        // The length of each dimension of a row: sizeof (x[0]...[0]) /
        // sizeof (x[0]...[0][0]), sizes of variable-length arrays.
        for (unsigned Dim = 0; Dim < C.VariableDims; ++Dim)
          B.code("__ferry_cl.__ferry_vd_" + N + "[" + std::to_string(Dim) +
                 "] = (long long)(sizeof((")
              .tokens(C.Name)
              .code(")" + zeros(Dim + 1) + ") / sizeof((")
              .tokens(C.Name)
              .code(")" + zeros(Dim + 2) + "));");
        break;
      case CaptureKind::Reference:
        B.code("__ferry_cl.__ferry_ref_" + N + " = &(")
            .tokens(C.Name)
            .code(");");
        break;
      case CaptureKind::Deviceptr:
        B.code("__ferry_cl." + N + ".v = (").tokens(C.Name).code(");");
        break;
      }
    }
    for (const PrivateSection &P : In.Sections) {
      const std::string N = name(PP, P.Var.Name);
      const ArraySection &S = P.Var.Sections[0];
      B.code("__ferry_cl.__ferry_plo_" + N + " = (long long)(");
      S.Lower.empty() ? B.code("0") : B.tokens(S.Lower);
      B.code("); __ferry_cl.__ferry_plen_" + N + " = (long long)(")
          .tokens(S.Length)
          .code(");");
      if (P.First)
        B.code("__ferry_cl.__ferry_psrc_" + N + " = (")
            .tokens(P.Var.Name)
            .code(");");
      B.code("__ferry_cl.__ferry_privates.align = 1; __ferry_cl.__ferry_poff_" +
             N +
             " = ferry_acc_private_reserve(&__ferry_region, "
             "&__ferry_cl.__ferry_privates,")
          .string((P.First ? "firstprivate(" : "private(") + spellingOf(P.Var) +
                  ")")
          .code(", __ferry_cl.__ferry_plo_" + N + ", __ferry_cl.__ferry_plen_" +
                N + ", sizeof((")
          .tokens(P.Var.Name)
          .code(")[0]), _Alignof(__typeof__((")
          .tokens(P.Var.Name)
          .code(")[0])));");
    }
    for (const Reduction &R : Reduced)
      if (R.Elements) {
        B.code("__ferry_cl.__ferry_rlo_" + name(PP, R.Name) +
               " = (long long)(");
        R.Lower.empty() ? B.code("0") : B.tokens(R.Lower);
        B.code(");");
      }
    for (size_t L = 0; L < In.Nest.size(); ++L) {
      const CanonicalLoop &Loop = In.Nest[L];
      const std::string I = std::to_string(L), T = "__ferry_index_t" + I;
      B.code("{" + T + " __ferry_lo = (" + T + ")(")
          .tokens(Loop.Lower)
          .code(");");
      B.code("__ferry_cl.__ferry_lo[" + I + "] = (long long)__ferry_lo;");
      B.code("__ferry_cl.__ferry_st[" + I + "] = (long long)(")
          .tokens(Loop.Step)
          .code(Loop.NegativeStep ? ") * -1;" : ");");
      B.code("__ferry_cl.__ferry_n[" + I +
             "] = ferry_acc_trip_count((__int128)__ferry_lo, "
             "(__int128)(__typeof__((" +
             T + ")0 + (")
          .tokens(Loop.Bound)
          .code(")))(")
          .tokens(Loop.Bound)
          .code("), (__int128)__ferry_cl.__ferry_st[" + I + "], " +
                cmpNumber(Loop.Cmp) + "); }");
    }
    B.code("int64_t __ferry_trip = 1; int __ferry_l; for (__ferry_l = 0; __ferry_l < " +
           std::to_string(In.Nest.size()) +
           "; ++__ferry_l) __ferry_trip = __ferry_trip < 0 || "
           "__ferry_cl.__ferry_n[__ferry_l] "
           "< 0 ? -1 : __ferry_trip * __ferry_cl.__ferry_n[__ferry_l];");
  }

  /// The body with each name of a Reference capture as `(*__ferry_ref_x)`,
  /// of an array of constant size as `(*__ferry_arr_x)`.
  TokenList rewrittenBody() {
    llvm::SmallDenseMap<const IdentifierInfo *, std::string> Refs;
    for (const Capture &C : Captures)
      if (C.Kind == CaptureKind::Reference)
        Refs[C.Name.getIdentifierInfo()] = "__ferry_ref_" + name(PP, C.Name);
      else if (C.FixedArray)
        Refs[C.Name.getIdentifierInfo()] = "__ferry_arr_" + name(PP, C.Name);
    ArrayRef<Token> Body = body();
    const std::vector<bool> Own = ownNames(Body);
    TokenList Out;
    for (size_t I = 0; I < Body.size(); ++I) {
      const Token &T = Body[I];
      auto It =
          T.is(tok::identifier) ? Refs.find(T.getIdentifierInfo()) : Refs.end();
      if (It == Refs.end() || Own[I] ||
          (I && Body[I - 1].isOneOf(tok::period, tok::arrow))) {
        Out.push_back(T);
        continue;
      }
      TokenBuilder R(PP, T.getLocation());
      R.code("(*" + It->second + ")");
      Out.append(R.get().begin(), R.get().end());
    }
    return Out;
  }

  /// In the chunk: each private section's copy, `c[lo]` its first element.
  void emitChunkSections() {
    // Private sections: the chunk's own copy, `c[lo]` its first element.
    for (const PrivateSection &P : In.Sections) {
      const std::string N = name(PP, P.Var.Name);
      const std::string Len = "__ferry_c->__ferry_plen_" + N,
                        Lo = "__ferry_c->__ferry_plo_" + N;
      B.code("__typeof__((")
          .tokens(P.Var.Name)
          .code(")[0]) *__ferry_priv_" + N +
                " = (void *)(__ferry_gang + __ferry_c->"
                "__ferry_poff_" +
                N + ");");
      if (P.First)
        B.code("__builtin_memcpy((void *)__ferry_priv_" + N +
               ", (const void *)(__ferry_c->" + "__ferry_psrc_" + N + " + " +
               Lo + "), sizeof(__ferry_priv_" + N + "[0]) * " + Len + ");");
      B.code("__typeof__(&(")
          .tokens(P.Var.Name)
          .code(")[0])" + N + " = __ferry_priv_" + N + " - " + Lo + "; (void)" +
                N + ";");
    }
  }

  /// In the chunk: the reduction variables, from the partial storage.
  void emitChunkReductions() {
    if (!Reduced.empty()) {
      B.code("struct ferry_partial *__ferry_p = (struct ferry_partial "
             "*)__ferry_pv;");
      for (const Reduction &R : Reduced) {
        const std::string N = name(PP, R.Name);
        if (!R.Elements) {
          B.code("__typeof__(__ferry_p->" + N + ")" + N + " = __ferry_p->" + N +
                 ";");
          continue;
        }
        B.code("__typeof__(__ferry_p->" + N + ") __ferry_red_" + N +
               "; __builtin_memcpy(" + "__ferry_red_" + N + ", __ferry_p->" +
               N + ", sizeof __ferry_red_" + N + ");");
        B.code("__typeof__(&__ferry_red_" + N + "[0])" + N + " = __ferry_red_" +
               N + " - __ferry_c->__ferry_rlo_" + N + ";");
      }
    }
  }

  /// The chunk: \p Host is the host's own version of a region with private
  /// sections (which allocates their copies itself).
  void emitChunk(bool Host) {
    B.code("(void *)^(const void *__ferry_cv, long long __ferry_begin, long "
           "long __ferry_end, "
           "void *__ferry_pv) { const struct ferry_closure *__ferry_c = (const "
           "struct "
           "ferry_closure *)__ferry_cv; (void)__ferry_c; (void)__ferry_pv;");
    emitChunkGangCopies(Host);
    for (const Capture &C : Captures)
      emitChunkCapture(C);
    emitChunkSections();
    emitChunkReductions();
    emitChunkIterations();
    emitChunkResults();
    if (!In.Sections.empty() && Host)
      B.code("__builtin_free(__ferry_copies);");
    B.code("}");
  }

  /// In the chunk: where the gang's private section copies are (allocated
  /// here in the host's own version).
  void emitChunkGangCopies(bool Host) {
    if (!In.Sections.empty() && Host)
      B.code(
          "unsigned char *__ferry_copies = (unsigned char *)__builtin_malloc("
          "__ferry_c->__ferry_privates.gang_bytes + "
          "__ferry_c->__ferry_privates.align);"
          "if (!__ferry_copies) ferry_region_abort(&__ferry_region, \"the "
          "private copies of "
          "its array sections do not fit in host memory\"); unsigned char "
          "*__ferry_gang = "
          "__ferry_copies + (__ferry_c->__ferry_privates.align - (unsigned "
          "long "
          "long)__ferry_copies % __ferry_c->__ferry_privates.align) % "
          "__ferry_c->__ferry_privates.align;");
    else if (!In.Sections.empty())
      // The gang's copy: of its work-items' gang where they share it (a
      // launch whose gangs run loops of their own: gang_mode), else of the
      // work-item's own iteration (device_chunk_private in acc.h).
      B.code("unsigned char *__ferry_gang = (unsigned char *)(unsigned long "
             "long)(__ferry_c->__ferry_privates.gang_base + (unsigned long "
             "long)(__ferry_c->__ferry_privates.gang_mode ? ferry_dev_gang_id() : "
             "ferry_dev_thread_id()) * __ferry_c->__ferry_privates.gang_bytes);");
  }

  /// In the chunk: capture \p C, declared from the closure.
  void emitChunkCapture(const Capture &C) {
    const std::string N = name(PP, C.Name);
    switch (C.Kind) {
    case CaptureKind::Value:
      typeOf(C.Name);
      B.code(N + " = __ferry_c->" + N + ";");
      break;
    case CaptureKind::Array:
      typeOf(C.Name);
      B.code(N + "; __builtin_memcpy((void *)&" + N +
             ", (const void *)&__ferry_c->" + N + ", sizeof " + N + ");");
      break;
    case CaptureKind::Private:
      // (`(void)&x`: `(void)x` reads it in C, before anything stored it.)
      typeOf(C.Name);
      B.code(N + "; (void)&" + N + ";");
      return;
    case CaptureKind::Pointer:
      emitChunkPointer(C, N);
      break;
    case CaptureKind::Reference:
      typeOf(C.Name);
      B.code("*__ferry_ref_" + N + " = __ferry_c->__ferry_ref_" + N + ";");
      B.code("(void)__ferry_ref_" + N + ";");
      return;
    case CaptureKind::Deviceptr:
      typeOf(C.Name);
      B.code(N + " = __ferry_c->" + N + ".v;");
      break;
    }
    B.code("(void)" + N + ";");
  }

  /// A Pointer capture \p C named \p N.
  void emitChunkPointer(const Capture &C, const std::string &N) {
    // (Before `x` is declared again: `__typeof__(x)` is the array's type.)
    if (C.FixedArray)
      B.code("__typeof__(")
          .tokens(C.Name)
          .code(") *__ferry_arr_" + N + " = (__typeof__(")
          .tokens(C.Name)
          .code(") *)__ferry_c->" + N + "; (void)__ferry_arr_" + N + ";");
    if (C.VariableDims) {
      // `E (*x)[d0][d1] = ...` with the lengths the closure holds.
      B.code("__typeof__((")
          .tokens(C.Name)
          .code(")" + zeros(C.VariableDims + 1) + ") (*" + N + ")");
      for (unsigned Dim = 0; Dim < C.VariableDims; ++Dim)
        B.code("[__ferry_c->__ferry_vd_" + N + "[" + std::to_string(Dim) +
               "]]");
      B.code(" = __ferry_c->" + N + ";");
      return;
    }
    B.code("__typeof__(&(")
        .tokens(C.Name)
        .code(")[0])" + N + " = __ferry_c->" + N + ";");
  }

  /// In the chunk: the loop over its iterations, each nest level's index
  /// from the flat one, then the body.
  void emitChunkIterations() {
    const size_t Levels = In.Nest.size();
    B.code("long long __ferry_k; for (__ferry_k = __ferry_begin; __ferry_k < __ferry_end; "
           "++__ferry_k) {"
           "long long __ferry_r = __ferry_k; (void)__ferry_r;");
    for (size_t L = Levels; L-- > 0;) {
      const std::string I = std::to_string(L);
      if (Levels == 1)
        B.code("long long __ferry_i0 = __ferry_k;");
      else
        B.code("long long __ferry_i" + I +
               " = __ferry_r % __ferry_c->__ferry_n[" + I +
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
  }

  /// In the chunk: the reduction variables, back to the partial storage.
  void emitChunkResults() {
    for (const Reduction &R : Reduced) {
      const std::string N = name(PP, R.Name);
      if (R.Elements)
        B.code("__builtin_memcpy(__ferry_p->" + N + ", __ferry_red_" + N +
               ", sizeof __ferry_red_" + N + ");");
      else
        B.code("__ferry_p->" + N + " = " + N + ";");
    }
  }

  /// `{ ... for (k...)` over the elements of reduction \p R's field \p
  /// Field, or nothing for a scalar; then the element's spelling. The
  /// statement after it ends with elementsEnd(R). (Its variable is declared
  /// outside the `for`: C89 code compiles without warnings of Ferry's.)
  static std::string forEachElement(const Reduction &R,
                                    const std::string &Field,
                                    std::string &Element) {
    if (!R.Elements) {
      Element = Field;
      return "";
    }
    Element = Field + "[__ferry_e]";
    return "{ long long __ferry_e; for (__ferry_e = 0; __ferry_e < (long long)(sizeof(" +
           Field + ") / sizeof(" + Field + "[0])); ++__ferry_e)";
  }
  static const char *elementsEnd(const Reduction &R) { return R.Elements ? "}" : ""; }

  void emitInitAndCombine() {
    if (Reduced.empty()) {
      B.code(", 0, 0");
      return;
    }
    B.code(", (void *)^(void *__ferry_pv) { struct ferry_partial *__ferry_p = "
           "(struct "
           "ferry_partial *)__ferry_pv;");
    for (const Reduction &R : Reduced) {
      std::string F;
      B.code(forEachElement(R, "__ferry_p->" + name(PP, R.Name), F));
      B.code(F + " = " + identity(R.Op, F) + ";" + elementsEnd(R));
    }
    B.code("}, (void *)^(void *__ferry_dv, const void *__ferry_sv) { struct "
           "ferry_partial "
           "*__ferry_d = (struct ferry_partial *)__ferry_dv; const struct "
           "ferry_partial "
           "*__ferry_s = (const struct ferry_partial *)__ferry_sv;");
    for (const Reduction &R : Reduced) {
      const std::string N = name(PP, R.Name);
      std::string D, S;
      B.code(forEachElement(R, "__ferry_d->" + N, D));
      forEachElement(R, "__ferry_s->" + N, S);
      B.code(D + " = " + combine(R.Op, D, S) + ";" + elementsEnd(R));
    }
    B.code("}");
  }

  void emitSlot() {
    B.code("static ferry_acc_slot __ferry_slot "
           "__attribute__((annotate(\"ferry.device_region\"))) = { {0},");
    emitChunk(/*Host=*/false);
    emitInitAndCombine();
    B.code(", sizeof(struct ferry_closure), _Alignof(struct ferry_closure),");
    if (Reduced.empty())
      B.code("0, 1");
    else
      B.code("sizeof(struct ferry_partial), _Alignof(struct ferry_partial)");
    B.code(", &__ferry_region,");
    if (In.Sections.empty())
      B.code("0");
    else
      emitChunk(/*Host=*/true);
    B.code("};");
  }

  void emitLaunch() {
    if (Reduced.empty()) {
      B.code("ferry_acc_launch(&__ferry_region, __ferry_options, "
             "&__ferry_slot, &__ferry_cl, "
             "sizeof __ferry_cl, __ferry_trip, 0,")
          .code(privatesArgument() + ");");
      return;
    }
    B.code("struct ferry_partial __ferry_result; "
           "ferry_acc_launch(&__ferry_region, "
           "__ferry_options, &__ferry_slot, &__ferry_cl, sizeof __ferry_cl, "
           "__ferry_trip, "
           "&__ferry_result,")
        .code(privatesArgument() + ");");
    // The original variable gets `var op result`; where the region ran on
    // a device that has it (a data clause), its device copy is the
    // original: read and written (ferry_reduction_load).
    for (const Reduction &R : Reduced) {
      const std::string N = name(PP, R.Name);
      // The first element and the bytes of the original.
      TokenBuilder First(PP, R.Name.getLocation()),
          Bytes(PP, R.Name.getLocation());
      if (R.Elements) {
        First.code("&(").tokens(R.Name).code(")[__ferry_cl.__ferry_rlo_" + N +
                                             "]");
        Bytes.code("sizeof(__ferry_result." + N + ")");
      } else {
        First.code("&(").tokens(R.Name).code(")");
        Bytes.code("sizeof(").tokens(R.Name).code(")");
      }
      B.code("{ void *__ferry_saved = ferry_reduction_load((void *)")
          .tokens(First.get())
          .code(",")
          .tokens(Bytes.get())
          .code(", __ferry_options.on_device);");
      std::string Result;
      B.code(forEachElement(R, "__ferry_result." + N, Result));
      if (R.Elements) {
        B.code("(").tokens(First.get()).code(")[__ferry_e] =");
        B.code(combine(R.Op, "(" + spellingOf(First) + ")[__ferry_e]", Result) + ";" +
               elementsEnd(R));
      } else {
        B.tokens(R.Name).code("=");
        B.code(combine(R.Op, N, Result) + ";");
      }
      B.code("ferry_reduction_store(__ferry_saved, (void *)")
          .tokens(First.get())
          .code(",")
          .tokens(Bytes.get())
          .code("); }");
    }
  }

  std::string privatesArgument() const {
    return In.Sections.empty() ? "0" : "&__ferry_cl.__ferry_privates";
  }

  /// `c[lo:len]` as written.
  std::string spellingOf(const VarRef &V) const {
    std::string Out = PP.getSpelling(V.Name);
    for (const ArraySection &S : V.Sections) {
      Out += "[";
      for (const Token &T : S.Lower)
        Out += PP.getSpelling(T);
      Out += ":";
      for (const Token &T : S.Length)
        Out += PP.getSpelling(T);
      Out += "]";
    }
    return Out;
  }

  /// The text of \p T's tokens (for the few pieces written as text).
  std::string spellingOf(const TokenBuilder &T) const {
    std::string Out;
    for (const Token &Tok : T.get())
      Out += PP.getSpelling(Tok) + " ";
    return Out;
  }

  Preprocessor &PP;
  const AccContext &Ctx;
  SourceLocation Loc;
  TokenBuilder &B;
  const CRegionInput &In;
  SmallPtrSet<const IdentifierInfo *, 16> Seen;
  /// The variables of the construct's sequential control (not parsed yet).
  SmallPtrSet<const IdentifierInfo *, 8> ControlLocals;
  std::vector<Capture> Captures;
  std::vector<Reduction> Reduced;
};

/// The FERRY_REDUCE_* enumerator of a reduction operator.
const char *reduceCode(StringRef Op) {
  return Op == "+"    ? "FERRY_REDUCE_ADD"
         : Op == "*"  ? "FERRY_REDUCE_MUL"
         : Op == "max" ? "FERRY_REDUCE_MAX"
         : Op == "min" ? "FERRY_REDUCE_MIN"
         : Op == "&"  ? "FERRY_REDUCE_BITAND"
         : Op == "|"  ? "FERRY_REDUCE_BITOR"
         : Op == "^"  ? "FERRY_REDUCE_BITXOR"
         : Op == "&&" ? "FERRY_REDUCE_AND"
                      : "FERRY_REDUCE_OR";
}

} // namespace

bool cNestedLoopSpreads(Preprocessor &PP, const AccContext &Ctx, const Directive &D,
                        const CanonicalLoop &L, std::string &Why) {
  if (D.find(ClauseKind::Collapse) || D.find(ClauseKind::Tile)) {
    Why = "it has 'collapse' or 'tile'";
    return false;
  }
  for (const Clause &C : D.Clauses) {
    if (C.Kind != ClauseKind::Reduction && C.Kind != ClauseKind::Private)
      continue;
    for (const VarRef &V : C.Vars) {
      const std::string Name = PP.getSpelling(V.Name);
      if (!V.Sections.empty() || V.isMember()) {
        Why = "'" + Name + "' in its '" + spelling(C.Kind).str() +
              "' clause is not a variable named whole";
        return false;
      }
      if (C.Kind != ClauseKind::Reduction)
        continue;
      // A scalar: by its type where Sema knows the variable (declared
      // before the region); else (declared in the iteration, not parsed
      // yet) one the loop never subscripts.
      bool Scalar = true;
      if (const VarDecl *VD = Ctx.lookupVariable(V.Name)) {
        const QualType T = VD->getType().getCanonicalType();
        Scalar = T->isArithmeticType();
      } else {
        for (size_t I = 0; I + 1 < L.Body.size(); ++I)
          if (L.Body[I].is(tok::identifier) &&
              L.Body[I].getIdentifierInfo() == V.Name.getIdentifierInfo() &&
              L.Body[I + 1].isOneOf(tok::l_square, tok::period, tok::arrow))
            Scalar = false;
      }
      if (!Scalar) {
        Why = "its reduction variable '" + Name + "' is not a scalar";
        return false;
      }
    }
  }
  return true;
}

size_t emitCNestedLoop(Preprocessor &PP, SourceLocation PragmaLoc, const Directive &D,
                       const CanonicalLoop &L, int Level, SourceLocation &First) {
  const std::string Lv = std::to_string(Level);
  // What the body names, renamed to this form's copies.
  llvm::SmallDenseMap<const IdentifierInfo *, std::string> Renamed;
  Renamed[L.Var.getIdentifierInfo()] = "__ferry_iv";
  struct Reduced {
    std::string Op, Partial, Outer, Old;
    Token Name;
  };
  std::vector<Reduced> Reductions;
  std::vector<std::pair<Token, std::string>> Privates;
  for (const Clause &C : D.Clauses)
    for (const VarRef &V : C.Vars) {
      const std::string N = std::to_string(Reductions.size() + Privates.size());
      if (C.Kind == ClauseKind::Reduction) {
        Reductions.push_back({C.ReductionOp, "__ferry_ir" + N, "__ferry_io" + N,
                              "__ferry_iold" + N, V.Name});
        Renamed[V.Name.getIdentifierInfo()] = Reductions.back().Partial;
      } else if (C.Kind == ClauseKind::Private &&
                 V.Name.getIdentifierInfo() != L.Var.getIdentifierInfo()) {
        // (The loop's own variable in `private`, C89's `int y;` before
        // it: private already, it stays the iteration's variable.)
        Privates.push_back({V.Name, "__ferry_ip" + N});
        Renamed[V.Name.getIdentifierInfo()] = Privates.back().second;
      }
    }
  TokenBuilder B(PP, PragmaLoc);
  B.code("{ typedef");
  First = B.get()[0].getLocation();
  if (L.VarType.empty())
    B.code("__typeof__(").tokens(L.Var).code(")");
  else
    B.tokens(L.VarType);
  B.code("__ferry_inner_t; __ferry_inner_t __ferry_ilo = (__ferry_inner_t)(")
      .tokens(L.Lower)
      .code("); __typeof__((__ferry_inner_t)0 + (")
      .tokens(L.Bound)
      .code(")) __ferry_ihi = (")
      .tokens(L.Bound)
      .code("); long long __ferry_ist = (long long)(")
      .tokens(L.Step)
      .code(L.NegativeStep ? ") * -1;" : ");");
  const StringRef Cmp = L.Cmp;
  const char *Op = Cmp == "lt" ? "<" : Cmp == "le" ? "<=" : Cmp == "gt" ? ">" : Cmp == "ge" ? ">=" : "!=";
  B.code(std::string("long long __ferry_in = ferry_acc_inner_trips(__ferry_ilo ") + Op +
         " __ferry_ihi, (uint64_t)__ferry_ihi - (uint64_t)(__typeof__(__ferry_ihi))__ferry_ilo, "
         "__ferry_ist, " +
         cmpNumber(Cmp) + "); if (__ferry_in < 0) ferry_dev_loop_failed();");
  // Reductions of integers, float and double combine over the lanes;
  // with another type (long double, complex: ferry_dev_reduce_scalar
  // knows none) lane 0 runs every iteration and the others take its result.
  std::string Spread = "1";
  for (const Reduced &R : Reductions) {
    B.code("__typeof__(").tokens(R.Name).code(") *" + R.Outer + " = &(").tokens(R.Name).code(");");
    Spread += " && _Generic((*" + R.Outer +
              "), float: 1, double: 1, _Bool: 1, char: 1, signed char: 1, unsigned char: 1, "
              "short: 1, unsigned short: 1, int: 1, unsigned: 1, long: 1, unsigned long: 1, "
              "long long: 1, unsigned long long: 1, default: 0)";
  }
  B.code("const int __ferry_ispread = " + Spread + "; (void)__ferry_ispread;");
  B.code("ferry_dev_inner_begin(" + Lv + "); {");
  for (const Reduced &R : Reductions) {
    const std::string Field = "(*" + R.Outer + ")";
    B.code("__typeof__(" + Field + ") " + R.Partial + " = " + identity(R.Op, Field) + ";");
  }
  B.code("long long __ferry_ik; for (__ferry_ik = __ferry_ispread ? ferry_dev_lane(" + Lv +
         ") : ferry_dev_lane(" + Lv + ") ? __ferry_in : 0; __ferry_ik < __ferry_in; "
         "__ferry_ik += __ferry_ispread ? ferry_dev_width(" + Lv + ") : 1) { __ferry_inner_t __ferry_iv = (__ferry_inner_t)((uint64_t)__ferry_ilo + "
         "(uint64_t)__ferry_ik * (uint64_t)__ferry_ist); (void)__ferry_iv;");
  for (const auto &[Name, Copy] : Privates)
    B.code("__typeof__(").tokens(Name).code(") " + Copy + "; (void)&" + Copy + ";");
  B.code("do");
  ArrayRef<Token> Body = L.Body;
  for (size_t I = 0; I < Body.size(); ++I) {
    const Token &T = Body[I];
    const bool Member = I > 0 && Body[I - 1].isOneOf(tok::period, tok::arrow);
    auto It = T.is(tok::identifier) && !Member ? Renamed.find(T.getIdentifierInfo())
                                               : Renamed.end();
    if (It != Renamed.end())
      B.code(It->second);
    else
      B.tokens(T);
  }
  B.code("while (0); }");
  for (const Reduced &R : Reductions)
    B.code("{ __typeof__(" + R.Partial + ") " + R.Old + " = *" + R.Outer +
           "; ferry_dev_reduce_scalar(" + Lv + ", &" + R.Partial + ", (uint32_t)sizeof " +
           R.Partial + ", " + reduceCode(R.Op) + ", __ferry_ispread ? _Generic(" + R.Partial +
           ", float: 2, double: 2, char: (char)-1 < 0, signed char: 1, short: 1, int: 1, "
           "long: 1, long long: 1, default: 0) : 3); *" + R.Outer + " = " +
           combine(R.Op, R.Old, R.Partial) + "; }");
  if (Reductions.empty())
    B.code("ferry_dev_sync(" + Lv + ");");
  B.code("} ferry_dev_inner_end(" + Lv + "); }");
  const size_t Count = B.get().size();
  B.inject();
  return Count;
}

bool emitCRegionLaunch(Preprocessor &PP, const AccContext &Ctx,
                       SourceLocation PragmaLoc, TokenBuilder &B,
                       const CRegionInput &In) {
  TokenBuilder Out(PP, PragmaLoc);
  if (!Emitter(PP, Ctx, PragmaLoc, Out, In).run())
    return false;
  B.tokens(Out.get());
  return true;
}

void emitCDataScope(TokenBuilder &B, unsigned Items) {
  B.code("__attribute__((__cleanup__(ferry_acc_data_scope_exit))) "
         "ferry_acc_data_scope "
         "__ferry_data_scope = ferry_acc_data_scope_enter(&__ferry_region, "
         "__ferry_data,")
      .number(Items)
      .code(", __ferry_options);");
}

} // namespace plugin
} // namespace ferry
