//===- AccPragmaHandler.cpp - The '#pragma acc' handler -------------------===//
///
/// \file
/// A loop construct
/// \code
///   #pragma acc parallel loop reduction(+:s)
///   for (int i = lo; i < hi; i += st) body
/// \endcode
/// becomes
/// \code
///   { using __ferry_index_t = int;
///     static const ::ferry_region __ferry_region = {...};
///     ::ferry::acc::parallel_loop<__ferry_index_t, ::ferry::acc::cmp::lt>(
///         __ferry_region, (lo), (hi), (st), 1,
///         ::ferry::acc::reductions(::ferry::acc::reduce<op::add>(s)),
///         [=](__ferry_index_t i, auto &s) mutable -> void {
///           do body while (0); }); }
/// \endcode
/// The reduction parameter shadows the variable, so the body is unchanged;
/// `do ... while (0)` keeps `continue` meaning "next iteration". Data
/// clauses, `if`, `async` and `wait` add declarations before the call;
/// `collapse`/`tile` flatten the nest. `parallel`, `kernels`, `serial` and
/// `data` wrap their statement in a block with the same declarations
/// (rewriteBlock); `enter data`, `exit data`, `update` and `wait` become
/// runtime calls (rewriteStandalone). docs/plugin.md describes the result.
///
//===----------------------------------------------------------------------===//
#include "AccPragmaHandler.h"

#include "Diagnostics.h"
#include "DirectiveParser.h"
#include "StatementLexer.h"
#include "TokenBuilder.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

#include <optional>
#include <vector>

using namespace clang;

namespace ferry {
namespace plugin {
namespace {

/// `for (init; cond; inc) body` in the canonical form OpenACC requires.
struct CanonicalLoop {
  TokenList VarType; ///< empty when the variable is declared outside the loop
  Token Var;
  TokenList Lower, Bound, Step;
  bool NegativeStep = false;
  const char *Cmp = "lt";
  TokenList Body;
};

/// The constructs whose statement is being lexed now, innermost last: a
/// nested directive is handled while its enclosing one lexes ahead.
std::vector<ConstructKind> &enclosing() {
  static std::vector<ConstructKind> Stack;
  return Stack;
}

/// Pushes \p K for the lifetime of the object.
struct Enclose {
  explicit Enclose(ConstructKind K) { enclosing().push_back(K); }
  ~Enclose() { enclosing().pop_back(); }
};

/// The compute constructs being lexed (innermost last): their loops launch
/// on their queue (`async`), from copies of their captures, and see the
/// variables of their data clauses as shared. A construct that is one
/// region (`serial`, or a `parallel`/`kernels` with statements outside its
/// loops) runs its loops inside that region; the reduction variables of
/// those loops, declared before the construct, are copied back at its end
/// (the copy that a loop reduction implies on its compute construct).
struct EnclosingConstruct {
  const Directive *D;
  bool OneRegion;
  SmallVector<Token, 4> ImpliedCopy;
};

std::vector<EnclosingConstruct> &enclosingDirectives() {
  static std::vector<EnclosingConstruct> Stack;
  return Stack;
}

struct EncloseDirective {
  EncloseDirective(const Directive &D, bool OneRegion) {
    enclosingDirectives().push_back({&D, OneRegion, {}});
  }
  ~EncloseDirective() { enclosingDirectives().pop_back(); }
};

/// The data constructs being lexed (innermost last): their `default`
/// clause holds for the compute constructs inside them.
std::vector<const Directive *> &enclosingData() {
  static std::vector<const Directive *> Stack;
  return Stack;
}

clang::Sema *TheSema = nullptr;

/// Whether \p Name names a variable declared before the construct being
/// rewritten (the parser stands just before it). False under -E.
bool declaredBefore(const Token &Name) {
  if (!TheSema || !TheSema->getCurScope() || !Name.getIdentifierInfo())
    return false;
  LookupResult R(*TheSema, Name.getIdentifierInfo(), Name.getLocation(),
                 Sema::LookupOrdinaryName);
  TheSema->LookupName(R, TheSema->getCurScope());
  return R.isSingleResult() && isa<VarDecl>(R.getFoundDecl());
}

bool RemarksOn = false;

bool isComputeOnly(ConstructKind K) {
  return K == ConstructKind::Parallel || K == ConstructKind::Kernels ||
         K == ConstructKind::Serial;
}

/// The innermost compute or loop construct around the directive being
/// handled (data constructs do not count).
std::optional<ConstructKind> enclosingCompute() {
  for (auto It = enclosing().rbegin(); It != enclosing().rend(); ++It)
    if (*It != ConstructKind::Data)
      return *It;
  return std::nullopt;
}

bool sameVar(const Token &T, const Token &Var) {
  return T.is(tok::identifier) &&
         T.getIdentifierInfo() == Var.getIdentifierInfo();
}

class LoopRewriter {
public:
  LoopRewriter(Preprocessor &PP, const Directive &D, SourceLocation PragmaLoc)
      : PP(PP), D(D), PragmaLoc(PragmaLoc) {}

  /// Lexes the associated loop and injects its rewritten form. On error the
  /// lexed tokens are injected unchanged so that parsing goes on.
  void run();

  /// A construct that is one region: its whole statement is one iteration
  /// (one work-item on a GPU), its loops run in order inside; \p Implied
  /// are variables it shares besides its data clauses.
  void emitOneRegion(const TokenList &Body, ArrayRef<Token> Implied);

private:
  bool parseHeader(ArrayRef<Token> Header, CanonicalLoop &L);
  bool parseCondition(ArrayRef<Token> Cond, CanonicalLoop &L);
  bool parseIncrement(ArrayRef<Token> Inc, CanonicalLoop &L);
  bool peelNest(unsigned Count, SmallVectorImpl<CanonicalLoop> &Nest);
  void emit(const CanonicalLoop &L);
  void emitCollapsed(ArrayRef<CanonicalLoop> Nest);

  Preprocessor &PP;
  const Directive &D;
  SourceLocation PragmaLoc;
  TokenList Prelude; ///< emitted before the region (collapse's trip counts)
  /// For a `loop`: the compute construct around it.
  std::optional<ConstructKind> EnclosingKind;
  unsigned CollapseLevels = 0; ///< levels of a collapsed nest, else 0
  bool OneRegion = false;      ///< a whole construct as one region
  TokenList ImpliedShared;     ///< shared besides the data clauses
};

void LoopRewriter::run() {
  // A `loop` belongs to an enclosing compute construct; inside another
  // loop's body it runs sequentially within each iteration, as written.
  std::optional<ConstructKind> Outer = enclosingCompute();
  if (D.Kind == ConstructKind::Loop && !Outer) {
    report(PP, D.Loc, Diag::OrphanedLoop);
    return;
  }
  if (D.Kind != ConstructKind::Loop && Outer) {
    report(PP, D.Loc, Diag::NestedCompute) << spelling(D.Kind) << spelling(*Outer);
    return;
  }
  // Inside a construct that is one region, too.
  const bool InOneRegion = Outer && isComputeOnly(*Outer) && !enclosingDirectives().empty() &&
                           enclosingDirectives().back().OneRegion;
  const bool InPlace = Outer && (!isComputeOnly(*Outer) || InOneRegion);
  if (InOneRegion)
    for (const Clause &C : D.Clauses)
      if (C.Kind == ClauseKind::Reduction)
        for (const VarRef &V : C.Vars)
          if (declaredBefore(V.Name))
            enclosingDirectives().back().ImpliedCopy.push_back(V.Name);
  Token For;
  PP.Lex(For);
  if (For.isNot(tok::kw_for)) {
    report(PP, For.getLocation(), Diag::ExpectedLoop) << spelling(D.Kind);
    PP.EnterToken(For, /*IsReinject=*/true);
    return;
  }
  TokenList All{For};
  StatementLexer Lex(PP, All);
  if (!Lex.parenthesized()) {
    TokenBuilder(PP, PragmaLoc).tokens(All).inject();
    return;
  }
  const size_t HeaderEnd = All.size();
  CanonicalLoop L;
  bool Ok;
  {
    Enclose Scope(D.Kind);
    Ok = Lex.statement(/*InBreakable=*/InPlace);
  }
  if (InPlace) {
    TokenBuilder(PP, PragmaLoc).tokens(All).inject();
    return;
  }
  if (Outer)
    EnclosingKind = *Outer;
  if (Ok) {
    // All = for ( header ) body
    ArrayRef<Token> Header = ArrayRef<Token>(All).slice(2, HeaderEnd - 3);
    Ok = parseHeader(Header, L);
    L.Body.append(All.begin() + HeaderEnd, All.end());
  }
  SmallVector<CanonicalLoop, 3> Nest{L};
  if (Ok)
    if (const Clause *C = D.find(ClauseKind::Collapse))
      Ok = peelNest(C->Count, Nest);
  // tile(s1, ..., sn) only changes the order of the iterations of n nested
  // independent loops; on the host they run as one collapsed nest.
  if (Ok)
    if (const Clause *C = D.find(ClauseKind::Tile)) {
      SmallVector<ArrayRef<Token>, 4> Sizes = splitTopLevel(C->Expr, tok::comma);
      for (ArrayRef<Token> Size : Sizes)
        if (Size.size() != 1 || !(Size[0].is(tok::star) || Size[0].is(tok::numeric_constant))) {
          report(PP, Size.empty() ? C->Loc : Size[0].getLocation(), Diag::BadTileSize);
          Ok = false;
        }
      if (Ok && Sizes.size() > 1)
        Ok = peelNest(unsigned(Sizes.size()), Nest);
    }
  if (!Ok) {
    TokenBuilder(PP, PragmaLoc).tokens(All).inject();
    return;
  }
  if (Nest.size() == 1)
    emit(L);
  else
    emitCollapsed(Nest);
}

/// The loops collapse(n) joins: each loop's body must be exactly the next
/// `for` (braces allowed), and inner bounds may not use outer variables.
bool LoopRewriter::peelNest(unsigned Count, SmallVectorImpl<CanonicalLoop> &Nest) {
  while (Nest.size() < Count) {
    ArrayRef<Token> Body = Nest.back().Body;
    while (Body.size() >= 2 && Body.front().is(tok::l_brace) && Body.back().is(tok::r_brace))
      Body = Body.drop_front().drop_back();
    if (Body.empty() || !Body[0].is(tok::kw_for) || Body.size() < 3 || !Body[1].is(tok::l_paren)) {
      report(PP, Body.empty() ? PragmaLoc : Body[0].getLocation(), Diag::CollapseNotNested)
          << Count << unsigned(Nest.size());
      return false;
    }
    unsigned Depth = 0;
    size_t Close = 0;
    for (size_t I = 1; I < Body.size() && !Close; ++I) {
      if (Body[I].isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
        ++Depth;
      else if (Body[I].isOneOf(tok::r_paren, tok::r_square, tok::r_brace) && --Depth == 0)
        Close = I;
    }
    CanonicalLoop Inner;
    if (!Close || !parseHeader(Body.slice(2, Close - 2), Inner))
      return false;
    Inner.Body.append(Body.begin() + Close + 1, Body.end());
    // Rectangular: no bound or step of this loop names an outer variable.
    for (const CanonicalLoop &Outer : Nest)
      for (ArrayRef<Token> Part : {ArrayRef<Token>(Inner.Lower), ArrayRef<Token>(Inner.Bound),
                                   ArrayRef<Token>(Inner.Step)})
        for (const Token &T : Part)
          if (sameVar(T, Outer.Var)) {
            report(PP, T.getLocation(), Diag::CollapseNotRectangular)
                << Outer.Var.getIdentifierInfo()->getName();
            return false;
          }
    Nest.push_back(std::move(Inner));
  }
  // A `break` would leave only the flattened iteration: refuse it rather
  // than change its meaning (also inside nested loops, conservatively).
  for (const Token &T : Nest.back().Body)
    if (T.is(tok::kw_break)) {
      report(PP, T.getLocation(), Diag::BreakInCollapse) << Count;
      return false;
    }
  return true;
}

bool LoopRewriter::parseHeader(ArrayRef<Token> Header, CanonicalLoop &L) {
  SmallVector<ArrayRef<Token>, 4> Parts = splitTopLevel(Header, tok::semi);
  if (Parts.size() != 3) {
    SourceLocation Loc = Header.empty() ? PragmaLoc : Header[0].getLocation();
    // `for (x : range)` has no ';'.
    report(PP, Loc, Parts.size() == 1 ? Diag::RangeForLoop
                                      : Diag::NonCanonicalInit);
    return false;
  }
  // init: `T var = lower` or `var = lower`
  ArrayRef<Token> Init = Parts[0];
  SmallVector<ArrayRef<Token>, 4> Sides = splitTopLevel(Init, tok::equal);
  if (Sides.size() != 2 || Sides[0].empty() || Sides[1].empty() ||
      !Sides[0].back().is(tok::identifier) ||
      splitTopLevel(Init, tok::comma).size() != 1) {
    report(PP, Init.empty() ? Header[0].getLocation() : Init[0].getLocation(),
           Diag::NonCanonicalInit);
    return false;
  }
  L.Var = Sides[0].back();
  L.VarType.append(Sides[0].begin(), Sides[0].end() - 1);
  L.Lower.append(Sides[1].begin(), Sides[1].end());
  if (!parseCondition(Parts[1], L) || !parseIncrement(Parts[2], L))
    return false;
  // The bound and the step are loop-invariant: `i < n && a[i]` is not a
  // canonical condition, `i += i` not a canonical step.
  for (const Token &T : L.Bound)
    if (sameVar(T, L.Var)) {
      report(PP, T.getLocation(), Diag::NonCanonicalCond) << L.Var.getIdentifierInfo()->getName();
      return false;
    }
  for (const Token &T : L.Step)
    if (sameVar(T, L.Var)) {
      report(PP, T.getLocation(), Diag::NonCanonicalStep) << L.Var.getIdentifierInfo()->getName();
      return false;
    }
  return true;
}

bool LoopRewriter::parseCondition(ArrayRef<Token> Cond, CanonicalLoop &L) {
  auto CmpOf = [](const Token &T, bool Flip) -> const char * {
    switch (T.getKind()) {
    case tok::less:
      return Flip ? "gt" : "lt";
    case tok::lessequal:
      return Flip ? "ge" : "le";
    case tok::greater:
      return Flip ? "lt" : "gt";
    case tok::greaterequal:
      return Flip ? "le" : "ge";
    case tok::exclaimequal:
      return "ne";
    default:
      return nullptr;
    }
  };
  if (Cond.size() >= 3 && sameVar(Cond[0], L.Var)) {
    if (const char *C = CmpOf(Cond[1], false)) {
      L.Cmp = C;
      L.Bound.append(Cond.begin() + 2, Cond.end());
      return true;
    }
  }
  if (Cond.size() >= 3 && sameVar(Cond.back(), L.Var)) {
    if (const char *C = CmpOf(Cond[Cond.size() - 2], true)) {
      L.Cmp = C;
      L.Bound.append(Cond.begin(), Cond.end() - 2);
      return true;
    }
  }
  report(PP, Cond.empty() ? L.Var.getLocation() : Cond[0].getLocation(),
         Diag::NonCanonicalCond)
      << L.Var.getIdentifierInfo()->getName();
  return false;
}

bool LoopRewriter::parseIncrement(ArrayRef<Token> Inc, CanonicalLoop &L) {
  auto One = [&] {
    TokenBuilder B(PP, PragmaLoc);
    B.code("1");
    L.Step.append(B.get().begin(), B.get().end());
    return true;
  };
  if (Inc.size() == 2) {
    const Token &Op = sameVar(Inc[0], L.Var) ? Inc[1] : Inc[0];
    const Token &V = sameVar(Inc[0], L.Var) ? Inc[0] : Inc[1];
    if (sameVar(V, L.Var) && Op.isOneOf(tok::plusplus, tok::minusminus)) {
      L.NegativeStep = Op.is(tok::minusminus);
      return One();
    }
  }
  if (Inc.size() >= 3 && sameVar(Inc[0], L.Var)) {
    if (Inc[1].isOneOf(tok::plusequal, tok::minusequal)) {
      L.NegativeStep = Inc[1].is(tok::minusequal);
      L.Step.append(Inc.begin() + 2, Inc.end());
      return true;
    }
    // var = var + step, var = var - step, var = step + var
    if (Inc[1].is(tok::equal) && Inc.size() >= 5) {
      if (sameVar(Inc[2], L.Var) && Inc[3].isOneOf(tok::plus, tok::minus)) {
        L.NegativeStep = Inc[3].is(tok::minus);
        L.Step.append(Inc.begin() + 4, Inc.end());
        return true;
      }
      if (sameVar(Inc.back(), L.Var) && Inc[Inc.size() - 2].is(tok::plus)) {
        L.Step.append(Inc.begin() + 2, Inc.end() - 2);
        return true;
      }
    }
  }
  report(PP, Inc.empty() ? L.Var.getLocation() : Inc[0].getLocation(),
         Diag::NonCanonicalStep)
      << L.Var.getIdentifierInfo()->getName();
  return false;
}


StringRef reductionOpName(StringRef Op) {
  return llvm::StringSwitch<StringRef>(Op)
      .Case("+", "add")
      .Case("*", "mul")
      .Case("max", "max")
      .Case("min", "min")
      .Case("&", "bitand_")
      .Case("|", "bitor_")
      .Case("^", "bitxor")
      .Case("&&", "land")
      .Case("||", "lor")
      .Default("");
}

std::string spellingOf(Preprocessor &PP, ArrayRef<Token> Toks);

/// The remark of `-fplugin-arg-ferry-remarks` for a construct: where it
/// runs, the data it maps, and how the body sees its variables.
void remark(Preprocessor &PP, const Directive &D, StringRef Shape) {
  if (!RemarksOn)
    return;
  std::string Text = "'" + spelling(D.Kind).str() + "'";
  if (!Shape.empty())
    Text += " " + Shape.str();
  if (D.Kind == ConstructKind::Wait) {
    report(PP, D.Loc, Diag::RegionRemark) << Text + ": waits for the queues it names (all without a list)";
    return;
  }
  Text += D.isLoop() ? ": runs on the selected device (a GPU kernel, or the host's threads)"
          : isComputeOnly(D.Kind) ? ""
                                  : ": maps data on the selected device";
  std::string Data, Pointers, Reductions, Private;
  for (const Clause &C : D.Clauses) {
    for (const VarRef &V : C.Vars) {
      std::string Name = PP.getSpelling(V.Name);
      std::string Item = Name;
      if (!V.Sections.empty())
        Item += "[" + spellingOf(PP, V.Sections[0].Lower) + ":" +
                spellingOf(PP, V.Sections[0].Length) + "]";
      if (isDataClause(C.Kind) || C.Kind == ClauseKind::Delete ||
          C.Kind == ClauseKind::HostClause || C.Kind == ClauseKind::DeviceClause) {
        Data += (Data.empty() ? "" : " ") + spelling(C.Kind).str() + "(" + Item + ")";
        if (isDataClause(C.Kind) && !V.Sections.empty() &&
            Pointers.find(Name) == std::string::npos)
          Pointers += (Pointers.empty() ? "" : ", ") + Name;
      } else if (C.Kind == ClauseKind::Reduction) {
        Reductions += (Reductions.empty() ? "" : ", ") + C.ReductionOp + ":" + Name;
      } else if (C.Kind == ClauseKind::Private || C.Kind == ClauseKind::Firstprivate) {
        Private += (Private.empty() ? "" : ", ") + spelling(C.Kind).str() + "(" + Name + ")";
      }
    }
  }
  Text += "; data: " + (Data.empty() ? std::string("none") : Data);
  if (D.isLoop() || D.Kind == ConstructKind::Serial) {
    if (!Pointers.empty())
      Text += "; pointers captured by value (attached on a GPU): " + Pointers;
    if (!Reductions.empty())
      Text += "; reductions: " + Reductions;
    if (!Private.empty())
      Text += "; " + Private;
    const Clause *Default = D.find(ClauseKind::Default);
    Text += Default && Default->DefaultKind == "none"
                ? "; default(none): every other variable must be named"
                : "; other variables: scalars firstprivate, arrays captured by copy";
  }
  report(PP, D.Loc, Diag::RegionRemark) << Text;
}

/// `::ferry::acc::launch_options __ferry_options;` set from the construct's
/// `if`, `async` and `wait` clauses (the waits happen right here).
void emitOptions(TokenBuilder &B, const Directive &D) {
  B.code("::ferry::acc::launch_options __ferry_options;");
  if (const Clause *If = D.find(ClauseKind::If))
    B.code("__ferry_options.on_device = static_cast<bool>(").tokens(If->Expr).code(");");
  if (const Clause *Async = D.find(ClauseKind::Async)) {
    B.code("__ferry_options.async = ");
    if (Async->Expr.empty())
      B.code("::ferry::acc::async_noval;");
    else
      B.code("::ferry::acc::async_queue(").tokens(Async->Expr).code(");");
  }
  if (const Clause *Gangs = D.find(ClauseKind::NumGangs))
    B.code("__ferry_options.num_gangs = ::ferry::acc::geometry_clause(\"num_gangs\", (")
        .tokens(Gangs->Expr)
        .code("), 2147483647LL);");
  if (const Clause *Vector = D.find(ClauseKind::VectorLength))
    B.code("__ferry_options.vector_length = ::ferry::acc::geometry_clause(\"vector_length\", (")
        .tokens(Vector->Expr)
        .code("), 1024LL);");
  if (const Clause *Wait = D.find(ClauseKind::WaitClause)) {
    if (Wait->Expr.empty())
      B.code("::ferry::acc::wait_all_queues(__ferry_options.async);");
    else
      B.code("::ferry::acc::wait_queues(__ferry_options.async, {").tokens(Wait->Expr).code("});");
  }
}

const char *dataKindName(ClauseKind K) {
  switch (K) {
  case ClauseKind::Copy:
    return "FERRY_DATA_COPY";
  case ClauseKind::Copyin:
    return "FERRY_DATA_COPYIN";
  case ClauseKind::Copyout:
    return "FERRY_DATA_COPYOUT";
  case ClauseKind::Create:
    return "FERRY_DATA_CREATE";
  case ClauseKind::Present:
    return "FERRY_DATA_PRESENT";
  case ClauseKind::NoCreate:
    return "FERRY_DATA_NO_CREATE";
  default:
    return "FERRY_DATA_DEVICEPTR";
  }
}

std::string spellingOf(Preprocessor &PP, ArrayRef<Token> Toks) {
  std::string Out;
  for (const Token &T : Toks)
    Out += PP.getSpelling(T);
  return Out;
}

/// Appends `CAST&(a)[lo], sizeof((a)[0]) * (size_t)(len)` (or `CAST&(a),
/// sizeof(a)` for a whole variable) and returns the clause's text: "a[lo:len]".
std::string emitRange(Preprocessor &PP, TokenBuilder &B, const VarRef &V, StringRef Cast) {
  std::string Text = PP.getSpelling(V.Name);
  if (V.Sections.empty()) {
    B.code(Cast).code("&(").tokens(V.Name).code("), sizeof(").tokens(V.Name).code(")");
    return Text;
  }
  const ArraySection &S = V.Sections[0];
  Text += "[" + spellingOf(PP, S.Lower) + ":" + spellingOf(PP, S.Length) + "]";
  auto Lower = [&](const ArraySection &Sec) {
    if (Sec.Lower.empty())
      B.code("0");
    else
      B.tokens(Sec.Lower);
  };
  if (V.Sections.size() >= 2) {
    // a[lo:len][lo2:len2]... is contiguous when every inner section is
    // whole: checked at run time against the row type's extents.
    for (const ArraySection &Inner : ArrayRef<ArraySection>(V.Sections).drop_front())
      Text += "[" + spellingOf(PP, Inner.Lower) + ":" + spellingOf(PP, Inner.Length) + "]";
    B.code(Cast).code("::ferry::acc::rows_base(").tokens(V.Name).code(", (long long)(");
    Lower(S);
    B.code("), {");
    bool First = true;
    for (const ArraySection &Inner : ArrayRef<ArraySection>(V.Sections).drop_front()) {
      B.code(First ? "(long long)(" : ", (long long)(");
      Lower(Inner);
      B.code("), (long long)(").tokens(Inner.Length).code(")");
      First = false;
    }
    B.code("},").string(Text).code(")");
  } else {
    B.code(Cast).code("&(").tokens(V.Name).code(")[");
    Lower(S);
    B.code("]");
  }
  B.code(", sizeof((").tokens(V.Name).code(")[0]) * (size_t)(").tokens(S.Length).code(")");
  return Text;
}

/// Declares `__ferry_data` (the construct's data clauses as
/// ferry_data_item[]) and returns how many items it has; 0 declares
/// nothing. False after reporting an unsupported operand.
/// \p ImpliedCopy: whole variables copied besides the clauses (a loop
/// reduction's implied copy), unless a data clause names them.
bool emitDataItems(Preprocessor &PP, TokenBuilder &B, const Directive &D, unsigned &Count,
                   ArrayRef<Token> ImpliedCopy = {}) {
  Count = 0;
  TokenBuilder Items(PP, D.Loc);
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Named;
  for (const Clause &C : D.Clauses)
    if (isDataClause(C.Kind) || C.Kind == ClauseKind::Reduction)
      for (const VarRef &V : C.Vars)
        Named.insert(V.Name.getIdentifierInfo());
  for (const Token &T : ImpliedCopy) {
    if (!Named.insert(T.getIdentifierInfo()).second)
      continue;
    Items.code(Count ? ", {" : "{");
    VarRef V;
    V.Name = T;
    std::string Text = emitRange(PP, Items, V, "(const void *)");
    Items.code(", FERRY_DATA_COPY, 0,").string(Text).code(", 0, nullptr}");
    ++Count;
  }
  for (const Clause &C : D.Clauses) {
    if (!isDataClause(C.Kind))
      continue;
    for (const VarRef &V : C.Vars) {
      Items.code(Count ? ", {" : "{");
      std::string Text = emitRange(PP, Items, V, "(const void *)");
      Items.code(",").code(dataKindName(C.Kind)).code(C.Zero ? ", 1," : ", 0,").string(Text);
      if (V.Sections.empty())
        Items.code(", 0, nullptr}");
      else
        Items.code(", 0, (const void *)::ferry::acc::section_base(").tokens(V.Name).code(")}");
      ++Count;
    }
  }
  if (Count)
    B.code("::ferry_data_item __ferry_data[] = {").tokens(Items.get()).code("};");
  return true;
}

/// `static const ::ferry_region __ferry_region = {...};` for the directive.
void emitRegion(Preprocessor &PP, TokenBuilder &B, const Directive &D, SourceLocation PragmaLoc,
                bool Sequential) {
  SourceManager &SM = PP.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(PragmaLoc));
  std::string File = P.isValid() ? P.getFilename() : "<unknown>";
  unsigned Line = P.isValid() ? P.getLine() : 0;
  unsigned Column = P.isValid() ? P.getColumn() : 0;
  std::string Name = llvm::sys::path::filename(File).str() + ":" +
                     std::to_string(Line) + " " + spelling(D.Kind).str();
  B.code("static const ::ferry_region __ferry_region = {")
      .string(Name)
      .code(",")
      .string(File)
      .code(",")
      .number(Line)
      .code(",")
      .number(Column)
      .code(",")
      .number(Sequential ? 1 : 0)
      .code("};");
}

void LoopRewriter::emit(const CanonicalLoop &L) {
  TokenBuilder B(PP, PragmaLoc);
  B.code("{").tokens(Prelude).code("using __ferry_index_t =");
  if (L.VarType.empty())
    B.code("::ferry::acc::index_type_t<decltype(").tokens(L.Var).code(")>");
  else if (L.VarType.size() == 1 && L.VarType[0].is(tok::kw_auto))
    B.code("::ferry::acc::index_type_t<decltype(").tokens(L.Lower).code(")>");
  else
    B.tokens(L.VarType);
  B.code(";");

  // Operands of data and loop clauses are checked by Sema where they were
  // written; on the host they need no action.
  for (const Clause &C : D.Clauses) {
    for (const VarRef &V : C.Vars) {
      if (C.Kind == ClauseKind::Reduction)
        continue;
      B.code("(void)sizeof(").tokens(V.Name);
      for (const ArraySection &S : V.Sections) {
        B.code("[");
        if (S.Lower.empty())
          B.code("0");
        else
          B.tokens(S.Lower);
        B.code("]");
      }
      B.code(");");
      for (const ArraySection &S : V.Sections)
        B.code("(void)sizeof(").tokens(S.Length).code(");");
    }
    if (!C.Expr.empty() && operandKind(C.Kind) == OperandKind::Expr &&
        C.Kind != ClauseKind::Tile) // sizes are checked constants (or '*')
      B.code("(void)sizeof(").tokens(C.Expr).code(");");
  }

  const ConstructKind Kind = D.Kind == ConstructKind::Loop && EnclosingKind
                                 ? (*EnclosingKind == ConstructKind::Serial    ? ConstructKind::SerialLoop
                                    : *EnclosingKind == ConstructKind::Kernels ? ConstructKind::KernelsLoop
                                                                               : ConstructKind::ParallelLoop)
                                 : D.Kind;
  const bool Sequential =
      Kind == ConstructKind::SerialLoop || OneRegion ||
      D.find(ClauseKind::Seq) ||
      (Kind == ConstructKind::KernelsLoop && !D.find(ClauseKind::Independent));
  emitRegion(PP, B, D, PragmaLoc, Sequential);
  if (OneRegion) {
    remark(PP, D,
           Kind == ConstructKind::Serial
               ? "as one region (its loops run in order inside)"
               : "as one region of one work-item (it has statements outside its loops, or "
                 "private/firstprivate/reduction clauses; its loops run in order inside)");
  } else {
    std::string Shape = "over '" + PP.getSpelling(L.Var) + "'";
    if (CollapseLevels)
      Shape = "over a collapse(" + std::to_string(CollapseLevels) + ") nest";
    if (Sequential)
      Shape += ", iterations in order";
    remark(PP, D, Shape);
  }
  // if / async / wait: where and when the region runs; a loop of a compute
  // construct runs where and when the construct does.
  const bool InCompute = D.Kind == ConstructKind::Loop && EnclosingKind;
  const bool Async = D.find(ClauseKind::Async) ||
                     (InCompute && !enclosingDirectives().empty() &&
                      enclosingDirectives().back().D->find(ClauseKind::Async));
  if (InCompute)
    B.code("::ferry::acc::launch_options __ferry_options = __ferry_compute_options;");
  else
    emitOptions(B, D);
  // The data clauses: entry now, exit when the construct's block ends (for
  // an async region, on its queue after it). Not when `if` is false.
  unsigned Items = 0;
  if (!emitDataItems(PP, B, D, Items, ImpliedShared)) {
    // Reported; keep the loop so that parsing goes on.
    Items = 0;
  }
  if (Items)
    B.code("::ferry::acc::data_scope __ferry_data_scope(__ferry_region, __ferry_data,")
        .number(Items)
        .code(", __ferry_options);");
  B.code("::ferry::acc::parallel_loop<__ferry_index_t, ::ferry::acc::cmp::")
      .code(L.Cmp)
      .code(Async ? ", true" : ", false")
      .code(">(__ferry_region, __ferry_options, (")
      .tokens(L.Lower)
      .code("), (")
      .tokens(L.Bound)
      .code("), (")
      .tokens(L.Step)
      .code(L.NegativeStep ? "), -1," : "), 1,");
  B.code("::ferry::acc::reductions(");
  bool First = true;
  for (const Clause &C : D.Clauses) {
    if (C.Kind != ClauseKind::Reduction)
      continue;
    for (const VarRef &V : C.Vars) {
      B.code(First ? "" : ",");
      B.code("::ferry::acc::reduce<::ferry::acc::op::")
          .code(reductionOpName(C.ReductionOp))
          .code(">(")
          .tokens(V.Name)
          .code(")");
      First = false;
    }
  }
  // Scalars are firstprivate (captured by copy, one copy per gang). What a
  // data clause names is shared data: captured by reference, so that writes
  // to arrays and to copy/copyout scalars are seen after the region.
  // default(none): no capture-default, so that Sema reports every variable
  // the body uses without naming it in a clause, where it is used.
  const Clause *Default = D.find(ClauseKind::Default);
  const Clause *OuterDefault = InCompute && !enclosingDirectives().empty()
                                  ? enclosingDirectives().back().D->find(ClauseKind::Default)
                                  : nullptr;
  for (auto It = enclosingData().rbegin(); !OuterDefault && It != enclosingData().rend(); ++It)
    OuterDefault = (*It)->find(ClauseKind::Default);
  const bool None = (Default && Default->DefaultKind == "none") ||
                    (OuterDefault && OuterDefault->DefaultKind == "none");
  B.code(None ? "), [" : "), [=");
  bool FirstCapture = None;
  auto Capture = [&](StringRef Prefix, ArrayRef<Token> Name) {
    B.code(FirstCapture ? "" : ",").code(Prefix).tokens(Name);
    FirstCapture = false;
  };
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Shared, Reduced, Copied;
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Reduction)
      for (const VarRef &V : C.Vars)
        Reduced.insert(V.Name.getIdentifierInfo());
  // A variable named with an array section is the base of device-mappable
  // memory: captured as a pointer by value (an array decays), so that the
  // runtime can translate it to the device copy (implicit attach). A whole
  // variable is captured by reference: writes to it are seen after the
  // region, and its own mapping translates its address.
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Sectioned;
  // A loop of a compute construct shares the construct's data too.
  SmallVector<const Clause *, 8> DataClauses;
  for (const Clause &C : D.Clauses)
    if (isDataClause(C.Kind))
      DataClauses.push_back(&C);
  if (InCompute && !enclosingDirectives().empty())
    for (const Clause &C : enclosingDirectives().back().D->Clauses)
      if (isDataClause(C.Kind))
        DataClauses.push_back(&C);
  for (const Clause *CP : DataClauses)
    for (const VarRef &V : CP->Vars)
      if (!V.Sections.empty())
        Sectioned.insert(V.Name.getIdentifierInfo());
  for (const Clause *CP : DataClauses)
    for (const VarRef &V : CP->Vars)
      if (!Reduced.count(V.Name.getIdentifierInfo()) &&
          Shared.insert(V.Name.getIdentifierInfo()).second) {
        if (CP->Kind == ClauseKind::Deviceptr) {
          // Already a device address: captured so that it is never attached.
          Capture("", V.Name);
          B.code("= ::ferry::acc::deviceptr_of(").tokens(V.Name).code(")");
        } else if (Sectioned.count(V.Name.getIdentifierInfo())) {
          Capture("", V.Name);
          B.code("= ::ferry::acc::section_base(").tokens(V.Name).code(")");
        } else {
          Capture("&", V.Name);
        }
      }
  for (const Token &T : ImpliedShared)
    if (!Reduced.count(T.getIdentifierInfo()) && Shared.insert(T.getIdentifierInfo()).second)
      Capture("&", T);
  if (None) {
    for (const Clause &C : D.Clauses)
      if (C.Kind == ClauseKind::Private || C.Kind == ClauseKind::Firstprivate)
        for (const VarRef &V : C.Vars)
          if (!Shared.count(V.Name.getIdentifierInfo()) &&
              Copied.insert(V.Name.getIdentifierInfo()).second)
            Capture("", V.Name);
    for (unsigned I = 0; I < CollapseLevels; ++I) {
      TokenBuilder Names(PP, PragmaLoc);
      std::string N = std::to_string(I);
      Names.code("__ferry_lo" + N + " __ferry_st" + N + " __ferry_n" + N);
      for (const Token &T : Names.get())
        Capture("", T);
    }
  }
  B.code("](__ferry_index_t").tokens(L.Var);
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Reduction)
      for (const VarRef &V : C.Vars)
        B.code(", auto &").tokens(V.Name);
  B.code(") mutable -> void { do").tokens(L.Body).code("while (0); }); }");
  B.inject();
}

void LoopRewriter::emitOneRegion(const TokenList &Body, ArrayRef<Token> Implied) {
  OneRegion = true;
  ImpliedShared.assign(Implied.begin(), Implied.end());
  TokenBuilder T(PP, PragmaLoc);
  T.code("int __ferry_once 0 1");
  ArrayRef<Token> Toks = T.get();
  CanonicalLoop L;
  L.VarType.push_back(Toks[0]);
  L.Var = Toks[1];
  L.Lower.push_back(Toks[2]);
  L.Bound.push_back(Toks[3]);
  L.Step.push_back(Toks[3]);
  L.Body = Body;
  emit(L);
}

/// collapse(n): each level's trip count is computed once, the region runs
/// one flat loop over their product, and the body recomputes the original
/// variables (outermost slowest) before running unchanged:
///   using __ferry_t0 = T0; const auto __ferry_lo0 = (lo0);
///   const __int128 __ferry_st0 = __int128(st0) * sign0;
///   const int64_t __ferry_n0 = ::ferry::acc::trip_count<cmp0>(...);  ...
///   then the 1-D form over [0, product) with
///   `__ferry_t0 i = index_at<__ferry_t0>(__ferry_lo0, (k / (n1*...)) % n0, __ferry_st0);`
void LoopRewriter::emitCollapsed(ArrayRef<CanonicalLoop> Nest) {
  TokenBuilder Pre(PP, PragmaLoc);
  for (size_t I = 0; I < Nest.size(); ++I) {
    const CanonicalLoop &L = Nest[I];
    std::string N = std::to_string(I);
    Pre.code("using __ferry_t" + N + " =");
    if (L.VarType.empty())
      Pre.code("::ferry::acc::index_type_t<decltype(").tokens(L.Var).code(")>");
    else if (L.VarType.size() == 1 && L.VarType[0].is(tok::kw_auto))
      Pre.code("::ferry::acc::index_type_t<decltype(").tokens(L.Lower).code(")>");
    else
      Pre.tokens(L.VarType);
    Pre.code(";");
    Pre.code("const __int128 __ferry_lo" + N + " = (__int128)(").tokens(L.Lower).code(");");
    Pre.code("const __int128 __ferry_st" + N + " = (__int128)(").tokens(L.Step).code(")")
        .code(L.NegativeStep ? "* -1;" : ";");
    Pre.code("const int64_t __ferry_n" + N + " = ::ferry::acc::collapsed_trip_count<::ferry::acc::cmp::")
        .code(L.Cmp)
        .code(">(__ferry_lo" + N + ", (__int128)(")
        .tokens(L.Bound)
        .code("), __ferry_st" + N + ");");
  }
  // The flat loop: `for (int64_t __ferry_k = 0; __ferry_k < product; ++__ferry_k)`.
  CanonicalLoop Flat;
  TokenBuilder T(PP, PragmaLoc);
  T.code("int64_t __ferry_k 0");
  ArrayRef<Token> Toks = T.get();
  Flat.VarType.push_back(Toks[0]);
  Flat.Var = Toks[1];
  Flat.Lower.push_back(Toks[2]);
  TokenBuilder Bound(PP, PragmaLoc);
  Bound.code("::ferry::acc::collapsed_product({");
  for (size_t I = 0; I < Nest.size(); ++I)
    Bound.code(I ? ", __ferry_n" + std::to_string(I) : "__ferry_n" + std::to_string(I));
  Bound.code("})");
  Flat.Bound.append(Bound.get().begin(), Bound.get().end());
  TokenBuilder One(PP, PragmaLoc);
  One.code("1");
  Flat.Step.append(One.get().begin(), One.get().end());
  Flat.Cmp = "lt";
  TokenBuilder Body(PP, PragmaLoc);
  Body.code("{");
  for (size_t I = 0; I < Nest.size(); ++I) {
    std::string N = std::to_string(I);
    Body.code("__ferry_t" + N)
        .tokens(Nest[I].Var)
        .code("= ::ferry::acc::index_at<__ferry_t" + N + ">(__ferry_lo" + N + ", (__ferry_k");
    for (size_t J = I + 1; J < Nest.size(); ++J)
      Body.code("/ __ferry_n" + std::to_string(J));
    Body.code("% __ferry_n" + N + "), __ferry_st" + N + ");");
    Body.code("(void)").tokens(Nest[I].Var).code(";");
  }
  Body.tokens(Nest.back().Body).code("}");
  Flat.Body.append(Body.get().begin(), Body.get().end());
  Prelude.assign(Pre.get().begin(), Pre.get().end());
  CollapseLevels = unsigned(Nest.size());
  emit(Flat);
}

/// The index one past the block that starts at \p I (a `{`), or 0 when its
/// braces do not balance.
size_t blockEnd(ArrayRef<Token> T, size_t I) {
  unsigned Depth = 0;
  for (; I < T.size(); ++I) {
    if (T[I].is(tok::l_brace))
      ++Depth;
    else if (T[I].is(tok::r_brace) && --Depth == 0)
      return I + 1;
  }
  return 0;
}

/// Whether a compute construct's statement (nested directives already
/// rewritten) is made of `loop` constructs only, in blocks and with empty
/// statements between them: then each loop is a region of its own and
/// nothing else runs on the calling thread.
bool loopsOnly(ArrayRef<Token> T) {
  auto IsLoop = [&](size_t I) {
    return I + 2 < T.size() && T[I].is(tok::l_brace) && T[I + 1].is(tok::kw_using) &&
           T[I + 2].is(tok::identifier) &&
           T[I + 2].getIdentifierInfo()->getName().starts_with("__ferry_");
  };
  if (T.empty() || T[0].isNot(tok::l_brace) || blockEnd(T, 0) != T.size())
    return false;
  if (IsLoop(0))
    return true;
  for (size_t I = 1; I + 1 < T.size();) {
    if (T[I].is(tok::semi)) {
      ++I;
      continue;
    }
    size_t End = T[I].is(tok::l_brace) ? blockEnd(T, I) : 0;
    if (!End || !loopsOnly(T.slice(I, End - I)))
      return false;
    I = End;
  }
  return true;
}

/// Reads a compute construct's statement in the source text with a raw
/// lexer, before its nested directives are handled, to tell whether it is
/// made of `loop` constructs only (then each loop is a region of its own).
/// std::nullopt where it cannot tell (macros, other directives).
class SourceScanner {
public:
  SourceScanner(Preprocessor &PP, SourceLocation Start, bool &Ok) {
    SourceManager &SM = PP.getSourceManager();
    Ok = Start.isFileID();
    if (!Ok)
      return;
    auto [FID, Offset] = SM.getDecomposedLoc(Start);
    bool Invalid = false;
    StringRef Buffer = SM.getBufferData(FID, &Invalid);
    Ok = !Invalid && Offset < Buffer.size();
    if (Ok)
      Raw.emplace(SM.getLocForStartOfFile(FID), PP.getLangOpts(), Buffer.begin(),
                  Buffer.begin() + Offset, Buffer.end());
  }

  /// At the directive: std::optional(true) when the statement after it is
  /// a block of loop constructs (in nested blocks too) and empty statements.
  std::optional<bool> loopsOnly() {
    if (next().isNot(tok::hash)) // _Pragma: the statement may follow on its line
      return std::nullopt;
    line();
    Token T = next();
    if (T.is(tok::hash) && T.isAtStartOfLine()) { // a directive: one loop?
      SmallVector<StringRef, 4> Words = line();
      if (Words.size() >= 3 && Words[0] == "pragma" && Words[1] == "acc" &&
          Words[2] == "loop")
        return statement() ? std::optional<bool>(true) : std::nullopt;
      return std::nullopt;
    }
    if (T.isNot(tok::l_brace))
      return false;
    return block();
  }

private:
  std::optional<Lexer> Raw;
  Token Ahead;
  bool HasAhead = false;

  Token next() {
    if (HasAhead) {
      HasAhead = false;
      return Ahead;
    }
    Token T;
    Raw->LexFromRawLexer(T);
    return T;
  }
  void unget(const Token &T) {
    Ahead = T;
    HasAhead = true;
  }
  static bool is(const Token &T, StringRef Word) {
    return T.is(tok::raw_identifier) && T.getRawIdentifier() == Word;
  }
  /// After an opening token: to its matching close.
  bool balanced(tok::TokenKind Open, tok::TokenKind Close) {
    for (unsigned Depth = 1;;) {
      Token T = next();
      if (T.is(tok::eof))
        return false;
      if (T.is(Open))
        ++Depth;
      else if (T.is(Close) && --Depth == 0)
        return true;
    }
  }
  /// The words of a directive line after its `#`.
  SmallVector<StringRef, 4> line() {
    SmallVector<StringRef, 4> Words;
    for (;;) {
      Token T = next();
      if (T.is(tok::eof) || T.isAtStartOfLine()) {
        unget(T);
        return Words;
      }
      if (T.is(tok::raw_identifier))
        Words.push_back(T.getRawIdentifier());
    }
  }
  /// Skips one statement.
  bool statement() {
    Token T = next();
    if (T.is(tok::eof))
      return false;
    if (T.is(tok::hash) && T.isAtStartOfLine()) {
      line();
      return statement();
    }
    if (T.is(tok::l_brace))
      return balanced(tok::l_brace, tok::r_brace);
    if (is(T, "for") || is(T, "while") || is(T, "switch") || is(T, "if")) {
      if (next().isNot(tok::l_paren) || !balanced(tok::l_paren, tok::r_paren) || !statement())
        return false;
      if (is(T, "if")) {
        Token E = next();
        if (is(E, "else"))
          return statement();
        unget(E);
      }
      return true;
    }
    if (is(T, "do"))
      return statement() && is(next(), "while") && next().is(tok::l_paren) &&
             balanced(tok::l_paren, tok::r_paren) && next().is(tok::semi);
    for (int Depth = 0;; T = next()) {
      if (T.is(tok::eof))
        return false;
      if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
        ++Depth;
      else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
        --Depth;
      else if (T.is(tok::semi) && Depth <= 0)
        return true;
    }
  }
  std::optional<bool> block() {
    for (;;) {
      Token T = next();
      if (T.is(tok::eof))
        return std::nullopt;
      if (T.is(tok::r_brace))
        return true;
      if (T.is(tok::semi))
        continue;
      if (T.is(tok::hash) && T.isAtStartOfLine()) {
        SmallVector<StringRef, 4> Words = line();
        if (Words.size() < 3 || Words[0] != "pragma" || Words[1] != "acc" || Words[2] != "loop")
          return std::nullopt;
        if (!statement())
          return std::nullopt;
        continue;
      }
      if (T.is(tok::l_brace)) {
        std::optional<bool> Inner = block();
        if (!Inner || !*Inner)
          return Inner;
        continue;
      }
      return false;
    }
  }
};

/// A construct with a structured block: `parallel`, `kernels`, `serial`
/// (the body runs on the calling thread where the host is the device, its
/// `loop` constructs launch as regions of their own) and `data`:
/// `{ region; options; data items + data_scope; [enter_host_region;] statement }`.
void rewriteBlock(Preprocessor &PP, const Directive &D, SourceLocation PragmaLoc) {
  const bool Compute = isComputeOnly(D.Kind);
  if (std::optional<ConstructKind> Outer = enclosingCompute(); Outer && Compute) {
    report(PP, D.Loc, Diag::NestedCompute) << spelling(D.Kind) << spelling(*Outer);
    return;
  }
  // One region (one work-item on a GPU, loops in order inside): `serial`;
  // `parallel`/`kernels` with statements outside their loops (or when the
  // source cannot tell), or with their own private/firstprivate/reduction.
  // Otherwise each loop is a region of its own.
  bool OneRegion = D.Kind == ConstructKind::Serial || D.find(ClauseKind::Private) ||
                   D.find(ClauseKind::Firstprivate) || D.find(ClauseKind::Reduction);
  if (Compute && !OneRegion) {
    // From the source text: lexing ahead would run the nested directives'
    // handlers before this construct is set up.
    bool Readable;
    SourceScanner Scan(PP, PragmaLoc, Readable);
    std::optional<bool> Loops = Readable ? Scan.loopsOnly() : std::nullopt;
    OneRegion = !Loops.value_or(false);
  }
  TokenList Body;
  TokenList Implied;
  // A data construct's body is host code: exceptions are fine there.
  StatementLexer Lex(PP, Body, Compute);
  bool Ok;
  {
    Enclose Scope(D.Kind);
    std::optional<EncloseDirective> DirectiveScope;
    if (Compute)
      DirectiveScope.emplace(D, OneRegion);
    else
      enclosingData().push_back(&D);
    Ok = Lex.statement(/*InBreakable=*/!Compute);
    if (!Compute)
      enclosingData().pop_back();
    if (Compute)
      Implied.append(enclosingDirectives().back().ImpliedCopy.begin(),
                     enclosingDirectives().back().ImpliedCopy.end());
  }
  if (!Ok) {
    TokenBuilder(PP, PragmaLoc).tokens(Body).inject();
    return;
  }
  if (Compute && OneRegion) {
    LoopRewriter(PP, D, PragmaLoc).emitOneRegion(Body, Implied);
    return;
  }
  TokenBuilder B(PP, PragmaLoc);
  B.code("{");
  emitRegion(PP, B, D, PragmaLoc, false);
  const bool LoopsOnly = Compute && loopsOnly(Body);
  remark(PP, D,
         !Compute    ? ""
         : LoopsOnly ? "(its loops are regions of their own)"
                     : "(its loops are regions of their own; its other statements run on the "
                       "calling thread, so it runs on the host only)");
  emitOptions(B, D);
  unsigned Items = 0;
  if (emitDataItems(PP, B, D, Items) && Items)
    B.code("::ferry::acc::data_scope __ferry_data_scope(__ferry_region, __ferry_data,")
        .number(Items)
        .code(", __ferry_options);");
  if (Compute)
    B.code("const ::ferry::acc::launch_options __ferry_compute_options = __ferry_options;"
           "::ferry::acc::enter_host_region(__ferry_region, __ferry_options,")
        .code(LoopsOnly ? "true);" : "false);");
  B.tokens(Body).code("}");
  B.inject();
}

/// `enter data`, `exit data`, `update` and `wait`: runtime calls on the
/// spot, in one block (a statement wherever the directive stands).
void rewriteStandalone(Preprocessor &PP, const Directive &D, SourceLocation PragmaLoc) {
  TokenBuilder B(PP, PragmaLoc);
  B.code("{");
  emitRegion(PP, B, D, PragmaLoc, false);
  remark(PP, D, "");
  B.code("(void)__ferry_region;");
  emitOptions(B, D); // `wait` (clause or directive list) happens here
  if (D.Kind == ConstructKind::Wait && !D.find(ClauseKind::WaitClause))
    B.code("::ferry::acc::wait_all_queues(__ferry_options.async);");
  B.code("if (__ferry_options.on_device) {");
  const bool Finalize = D.find(ClauseKind::Finalize);
  const bool IfPresent = D.find(ClauseKind::IfPresent);
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
      if (IfPresent) {
        B.code("if (acc_is_present(");
        emitRange(PP, B, V, "(void *)");
        B.code("))");
      }
      B.code(Call).code("(");
      emitRange(PP, B, V, "(void *)");
      B.code(", __ferry_options.async);");
    }
  }
  B.code("} }");
  B.inject();
}

} // namespace

void setRemarks(bool On) { RemarksOn = On; }
void setSema(clang::Sema *S) { TheSema = S; }

void AccPragmaHandler::HandlePragma(Preprocessor &PP,
                                    PragmaIntroducer Introducer,
                                    Token &FirstToken) {
  TokenList Line;
  Token T;
  for (PP.Lex(T); T.isNot(tok::eod) && T.isNot(tok::eof); PP.Lex(T))
    Line.push_back(T);
  std::optional<Directive> D =
      parseDirective(PP, Line, FirstToken.getLocation());
  if (!D)
    return;
  if (D->isLoop())
    LoopRewriter(PP, *D, Introducer.Loc).run();
  else if (D->Kind == ConstructKind::Data || isComputeOnly(D->Kind))
    rewriteBlock(PP, *D, Introducer.Loc);
  else if (D->Kind == ConstructKind::EnterData || D->Kind == ConstructKind::ExitData ||
           D->Kind == ConstructKind::Update || D->Kind == ConstructKind::Wait)
    rewriteStandalone(PP, *D, Introducer.Loc);
}

} // namespace plugin
} // namespace ferry
