//===- ConstructPieces.cpp - Pieces of a rewritten construct ---------------===//
///
/// \file
/// See ConstructPieces.h.
///
//===----------------------------------------------------------------------===//
#include "ConstructPieces.h"

#include "CRegion.h"
#include "CanonicalLoop.h"
#include "ConstantTokens.h"

#include "DeviceTypeClauses.h"
#include "Diagnostics.h"
#include "SourceScanner.h"

#include "ferry/runtime.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace ferry {
namespace plugin {

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

void remark(Preprocessor &PP, const AccContext &Ctx, const Directive &D, StringRef Shape,
            bool SharesWrittenScalars) {
  if (!Ctx.remarks())
    return;
  std::string Text = "'" + spelling(D.Kind).str() + "'";
  if (D.Implicit)
    Text = implicitName(D) + (D.Statement ? " (the host cannot run it), as a region of one work-item"
                                          : " (as 'loop')");
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
      std::string Item = spellingOf(PP, V.object());
      for (const ArraySection &S : V.Sections)
        Item += "[" + spellingOf(PP, S.Lower) + ":" + spellingOf(PP, S.Length) +
                "]";
      if (isDataClause(C.Kind) || C.Kind == ClauseKind::Delete ||
          C.Kind == ClauseKind::HostClause ||
          C.Kind == ClauseKind::DeviceClause || C.Kind == ClauseKind::Attach ||
          C.Kind == ClauseKind::Detach) {
        Data += (Data.empty() ? "" : " ") + spelling(C.Kind).str() + "(" + Item + ")";
        if (isDataClause(C.Kind) && !V.Sections.empty() && !V.isMember() &&
            Pointers.find(Name) == std::string::npos)
          Pointers += (Pointers.empty() ? "" : ", ") + Name;
      } else if (C.Kind == ClauseKind::Reduction) {
        Reductions += (Reductions.empty() ? "" : ", ") + C.ReductionOp + ":" + Item;
      } else if (C.Kind == ClauseKind::Private ||
                 C.Kind == ClauseKind::Firstprivate) {
        Private += (Private.empty() ? "" : ", ") + spelling(C.Kind).str() + "(" + Name + ")";
      }
    }
  }
  Text += "; data: " + (Data.empty() ? std::string("none") : Data);
  if (!D.DeviceClauses.empty()) {
    std::string PerType;
    for (const Clause &C : D.DeviceClauses) {
      std::string Item = spelling(C.Kind).str();
      if (!C.Expr.empty())
        Item += "(" + spellingOf(PP, C.Expr) + ")";
      PerType += (PerType.empty() ? "" : ", ") + Item + " on " + deviceTypeNames(C.DeviceTypes);
    }
    Text += "; per device type, chosen at launch: " + PerType;
  }
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
            : D.Kind == ConstructKind::Kernels || D.Kind == ConstructKind::KernelsLoop ||
                      SharesWrittenScalars
                ? "; other variables: scalars it assigns copy, other scalars firstprivate, "
                  "arrays and the structs it changes copy"
                : "; other variables: scalars firstprivate, arrays and the structs it changes "
                  "copy";
  }
  report(PP, D.Loc, Diag::RegionRemark) << Text;
}

/// The code of one launch-value clause: async, num_gangs, num_workers,
/// vector_length or wait (a statement).
static void emitOption(TokenBuilder &B, const Directive &D, const Clause &C) {
  switch (C.Kind) {
  case ClauseKind::Async:
    B.code("__ferry_options.async = ");
    if (C.Expr.empty())
      B.code("::ferry::acc::async_noval;");
    else
      B.code("::ferry::acc::async_queue(").tokens(C.Expr).code(");");
    return;
  case ClauseKind::NumGangs: {
    // Gangs in several dimensions (`num_gangs(x, y, z)`) are their
    // product, in one dimension: each value at most 65535 (a GPU grid's
    // y and z), the product at most a grid's x.
    const auto Values = splitArguments(C);
    B.code("__ferry_options.num_gangs = ::ferry::acc::geometry_clause(__ferry_region, \"num_gangs\", ");
    if (Values.size() == 1) {
      B.code("(").tokens(C.Expr).code("), 2147483647LL);");
      return;
    }
    for (size_t I = 0; I < Values.size(); ++I)
      B.code(std::string(I ? " * " : "") + "(long long)::ferry::acc::geometry_clause(__ferry_region, \"num_gangs\", (")
          .tokens(Values[I])
          .code("), 65535LL)");
    B.code(", 2147483647LL);");
    return;
  }
  case ClauseKind::NumWorkers:
    B.code("__ferry_options.num_workers = ::ferry::acc::geometry_clause(__ferry_region, \"num_workers\", (")
        .tokens(C.Expr)
        .code("), 1024LL);");
    return;
  case ClauseKind::VectorLength:
    B.code("__ferry_options.vector_length = ::ferry::acc::geometry_clause(__ferry_region, \"vector_length\", (")
        .tokens(C.Expr)
        .code("), 1024LL);");
    return;
  case ClauseKind::WaitClause:
    break;
  default:
    return;
  }
  {
    const Clause *Wait = &C;
    // The `wait` directive waits only where its `if` holds; a construct's
    // wait clause holds wherever the construct runs.
    if (D.Kind == ConstructKind::Wait && D.find(ClauseKind::If))
      B.code("if (__ferry_options.on_device)");
    // C: the queues as a compound literal and its length (not evaluated).
    if (isC(B.preprocessor()) && !Wait->Expr.empty()) {
      if (!Wait->DevNum.empty())
        B.code("ferry_acc_wait_device_queues(__ferry_options.async, (int)(")
            .tokens(Wait->DevNum)
            .code("),");
      else
        B.code("ferry_acc_wait_queues(__ferry_options.async,");
      B.code("(const int[]){")
          .tokens(Wait->Expr)
          .code("}, sizeof((const int[]){")
          .tokens(Wait->Expr)
          .code("}) / sizeof(int));");
    } else if (!Wait->DevNum.empty())
      B.code("::ferry::acc::wait_device_queues(__ferry_options.async, (int)(")
          .tokens(Wait->DevNum)
          .code("), {")
          .tokens(Wait->Expr)
          .code("});");
    else if (Wait->Expr.empty())
      B.code("::ferry::acc::wait_all_queues(__ferry_options.async);");
    else
      B.code("::ferry::acc::wait_queues(__ferry_options.async, {").tokens(Wait->Expr).code("});");
  }
}

void emitOptions(TokenBuilder &B, const Directive &D) {
  if (isC(B.preprocessor()))
    B.code("ferry_acc_launch_options __ferry_options = ferry_acc_default_options();");
  else
    B.code("::ferry::acc::launch_options __ferry_options{};");
  if (const Clause *If = D.find(ClauseKind::If))
    B.code("__ferry_options.on_device = static_cast<bool>(").tokens(If->Expr).code(");");
  // `self` / `self(cond)` of a compute construct (OpenACC 3.3 2.5.6): where
  // the condition holds (no condition: always), the region runs on the
  // local thread, as with a false `if`. (`self(list)` of `update` is
  // `host(list)` since parsing.)
  if (const Clause *Self = D.find(ClauseKind::SelfClause)) {
    B.code("__ferry_options.on_device = __ferry_options.on_device && !static_cast<bool>(");
    if (Self->Expr.empty())
      B.code("1");
    else
      B.tokens(Self->Expr);
    B.code(");");
  }
  // Each launch value: the clause for the selected device's type (after a
  // device_type), else the directive's own.
  for (ClauseKind K : {ClauseKind::Async, ClauseKind::NumGangs, ClauseKind::NumWorkers,
                       ClauseKind::VectorLength, ClauseKind::WaitClause}) {
    bool PerType = false;
    for (const Clause &C : D.DeviceClauses)
      if (C.Kind == K) {
        B.code("if (" + deviceTypeCondition(C.DeviceTypes) + ") {");
        emitOption(B, D, C);
        B.code("} else");
        PerType = true;
      }
    B.code(PerType ? "{" : "");
    if (const Clause *C = D.find(K))
      emitOption(B, D, *C);
    B.code(PerType ? "}" : "");
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

std::string sectionsText(Preprocessor &PP, const VarRef &V) {
  std::string Text = spellingOf(PP, V.object());
  for (const ArraySection &S : V.Sections)
    Text += "[" + spellingOf(PP, S.Lower) + ":" + spellingOf(PP, S.Length) + "]";
  return Text;
}

void emitLower(TokenBuilder &B, const ArraySection &S) {
  S.Lower.empty() ? B.code("0") : B.tokens(S.Lower);
}

std::string emitRange(Preprocessor &PP, TokenBuilder &B, const VarRef &V, StringRef Cast) {
  const ArrayRef<Token> Object = V.object();
  std::string Text = spellingOf(PP, Object);
  if (V.Sections.empty()) {
    B.code(Cast)
        .code("&(")
        .tokens(Object)
        .code("), sizeof(")
        .tokens(Object)
        .code(")");
    return Text;
  }
  const ArraySection &S = V.Sections[0];
  Text += "[" + spellingOf(PP, S.Lower) + ":" + spellingOf(PP, S.Length) + "]";
  // (C: a section of rows starts at its first row; whole inner
  // dimensions are not checked.)
  if (V.Sections.size() >= 2 && !isC(PP)) {
    // a[lo:len][lo2:len2]... is contiguous when every inner section is
    // whole: checked at run time against the row type's extents.
    for (const ArraySection &Inner : ArrayRef<ArraySection>(V.Sections).drop_front())
      Text += "[" + spellingOf(PP, Inner.Lower) + ":" + spellingOf(PP, Inner.Length) + "]";
    B.code(Cast)
        .code("::ferry::acc::rows_base(")
        .tokens(Object)
        .code(", (long long)(");
    emitLower(B, S);
    B.code("), {");
    bool First = true;
    for (const ArraySection &Inner : ArrayRef<ArraySection>(V.Sections).drop_front()) {
      B.code(First ? "(long long)(" : ", (long long)(");
      emitLower(B, Inner);
      B.code("), (long long)(").tokens(Inner.Length).code(")");
      First = false;
    }
    B.code("},").string(Text).code(")");
  } else {
    if (V.Sections.size() >= 3) {
      // C: rows that are arrays (T a[N][M], T (*a)[M]) are one block of
      // memory; rows that are pointers (T **a) are mapped one by one
      // (emitCRowScopes) in two dimensions, and refused in more.
      for (const ArraySection &Inner : ArrayRef<ArraySection>(V.Sections).drop_front())
        Text += "[" + spellingOf(PP, Inner.Lower) + ":" + spellingOf(PP, Inner.Length) + "]";
      B.code("((void)sizeof(struct { _Static_assert(!__builtin_types_compatible_p(__typeof__((")
          .tokens(Object)
          .code(")[0]), __typeof__(&(")
          .tokens(Object)
          .code(")[0][0])),")
          .string("OpenACC section " + Text +
                  ": a section of three or more dimensions needs arrays of rows (T a[N][M][K] or T "
                  "(*a)[M][K]); Ferry maps arrays of pointers in two dimensions only")
          .code("); int __ferry_rows; }),");
    }
    // (Where each inner section is whole, as in C++: a contiguous block.)
    if (V.Sections.size() >= 2) {
      for (const ArraySection &Inner : ArrayRef<ArraySection>(V.Sections).drop_front(1))
        if (V.Sections.size() == 2)
          Text += "[" + spellingOf(PP, Inner.Lower) + ":" + spellingOf(PP, Inner.Length) + "]";
      B.code("(ferry_acc_whole_rows(" + pointerRows(PP, Object) + ",").string(Text);
      B.code(",").number(V.Sections.size() - 1).code(", (const long long[]){");
      std::string Zeros = "[0]";
      for (size_t D = 1; D < V.Sections.size(); ++D) {
        const ArraySection &Inner = V.Sections[D];
        B.code(D > 1 ? ", (long long)(" : "(long long)(");
        emitLower(B, Inner);
        // (The two sizes apart: their quotient is a pointer's size over an
        // element's where the rows are pointers, which clang warns about.)
        B.code("), (long long)(").tokens(Inner.Length).code("), (long long)sizeof((");
        B.tokens(Object).code(")" + Zeros + "), (long long)sizeof((").tokens(Object);
        Zeros += "[0]";
        B.code(")" + Zeros + ")");
      }
      B.code("}),");
    }
    B.code(Cast).code("&(").tokens(Object).code(")[");
    emitLower(B, S);
    B.code(V.Sections.size() >= 3 ? "])" : "]");
    if (V.Sections.size() >= 2)
      B.code(")");
  }
  B.code(", sizeof((")
      .tokens(Object)
      .code(")[0]) * (size_t)(")
      .tokens(S.Length)
      .code(")");
  return Text;
}

std::string emitOverlapTest(Preprocessor &PP, AccContext &Ctx, const Directive &D,
                            SourceLocation Loc, const OverlapPairs &Pairs, TokenBuilder &Test) {
  const llvm::StringMap<const VarRef *> Sections = Ctx.sectionedPointers(PP, &D);
  // The range of \p Name: its section, or the array's bytes; false where
  // the name is no variable here (an array the region declares, which
  // overlaps nothing from before it).
  auto Range = [&](const std::string &Name, TokenBuilder &Out) {
    if (auto It = Sections.find(Name); It != Sections.end()) {
      emitRange(PP, Out, *It->second, "(const void *)");
      return true;
    }
    const auto *VD = dyn_cast_or_null<VarDecl>(
        lookupOrdinaryName(Ctx.sema(), PP.getIdentifierInfo(Name), Loc));
    if (!VD || !VD->getType()->isArrayType())
      return false;
    Out.code("(const void *)&(" + Name + "), sizeof(" + Name + ")");
    return true;
  };
  std::string Names;
  for (const OverlapPair &P : Pairs) {
    TokenBuilder Pair(PP, Loc);
    Pair.code(isC(PP) ? "|| (ferry_acc_ranges_overlap(" : "|| (::ferry::acc::ranges_overlap(");
    if (!Range(P.A, Pair))
      continue;
    Pair.code(",");
    if (!Range(P.B, Pair))
      continue;
    Pair.code(")");
    // (Equal pointers, where the loop is independent as one array.)
    if (P.SameBaseIndependent)
      Pair.code("&& (const void *)(" + P.A + ") != (const void *)(" + P.B + ")");
    Test.tokens(Pair.get()).code(")");
    Names += (Names.empty() ? "'" : ", '") + P.A + "' and '" + P.B + "'" +
             (P.SameBaseIndependent ? " (unless they are equal)" : "");
  }
  return Names;
}

/// The variables (not members) that \p D's data and reduction clauses name.
static llvm::SmallPtrSet<const IdentifierInfo *, 8> namedVariables(const Directive &D) {
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Named;
  for (const Clause &C : D.Clauses)
    if (isDataClause(C.Kind) || C.Kind == ClauseKind::Reduction)
      for (const VarRef &V : C.Vars)
        if (!V.isMember())
          Named.insert(V.Name.getIdentifierInfo());
  return Named;
}

namespace {

/// The initializer of a construct's `__ferry_data` array, item by item:
/// `{ range, kind, zero, text, ..., base, attach address, 0 }`.
class DataItemList {
public:
  DataItemList(Preprocessor &PP, const Directive &D) : PP(PP), D(D), Items(PP, D.Loc) {}

  void addImpliedCopies(ArrayRef<Token> ImpliedCopy);
  void addInstanceObjects(ArrayRef<Token> Objects);
  void addFirstprivateSources(ArrayRef<VarRef> Sources);
  void addInferredSections(ArrayRef<InferredSection> Inferred);
  void addAttach(const VarRef &V);
  void addClauseItem(const Clause &C, const VarRef &V);

  /// Emits the array to \p B (where there are items); the number of items.
  unsigned emit(TokenBuilder &B) {
    if (Count)
      B.code("::ferry_data_item __ferry_data[] = {").tokens(Items.get()).code("};");
    return Count;
  }

private:
  /// Opens an item; its range next.
  void open() { Items.code(Count ? ", {" : "{"); }
  void emitWritableKind(const char *Kind, bool Zero, const VarRef &V, const std::string &Text);
  void emitSectionAddresses(const Clause &C, const VarRef &V);

  Preprocessor &PP;
  const Directive &D;
  TokenBuilder Items;
  unsigned Count = 0;
};

void DataItemList::addImpliedCopies(ArrayRef<Token> ImpliedCopy) {
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Named = namedVariables(D);
  for (const Token &T : ImpliedCopy) {
    if (!Named.insert(T.getIdentifierInfo()).second)
      continue;
    open();
    VarRef V;
    V.Name = T;
    std::string Text = emitRange(PP, Items, V, "(const void *)");
    Items.code(", FERRY_DATA_IMPLICIT_WHOLE, 0,")
        .string(Text)
        .code(", 0, 0, 0, 0}");
    ++Count;
  }
}

void DataItemList::addInstanceObjects(ArrayRef<Token> Objects) {
  // A template's object (BodyLambda::instanceObjects): its bytes where the
  // instantiation uses it in place, nothing where it makes a copy.
  for (const Token &T : Objects) {
    open();
    Items.code("::ferry::acc::instance_object_address<decltype(")
        .tokens(T)
        .code(")>(")
        .tokens(T)
        .code("), ::ferry::acc::instance_object_bytes<decltype(")
        .tokens(T)
        .code(")>(")
        .tokens(T)
        .code("), FERRY_DATA_IMPLICIT_WHOLE, 0,")
        .string(PP.getSpelling(T))
        .code(", 0, 0, 0, 0}");
    ++Count;
  }
}

void DataItemList::addFirstprivateSources(ArrayRef<VarRef> Sources) {
  for (const VarRef &V : Sources) {
    open();
    std::string Text = emitRange(PP, Items, V, "(const void *)");
    Items.code(", FERRY_DATA_COPYIN, 0,")
        .string("firstprivate(" + Text + ")")
        .code(", 0, 0, 0, 0}");
    ++Count;
  }
}

void DataItemList::addInferredSections(ArrayRef<InferredSection> Inferred) {
  for (const InferredSection &S : Inferred) {
    // Mapped where the data is not present (ImplicitSections.h); the
    // pointer is the section's base, so that a region's copy of it is
    // translated when the section starts past it.
    open();
    emitRange(PP, Items, S.Var, "(const void *)");
    Items.code(S.Written ? ", FERRY_DATA_IMPLICIT_COPY, 0," : ", FERRY_DATA_IMPLICIT_COPYIN, 0,")
        .string(S.Text)
        .code(", 0, (const void *)(")
        .tokens(S.Var.Name)
        .code("), 0, 0}");
    ++Count;
  }
}

/// attach(p): no data of its own; p's device copy is attached while the
/// construct runs.
void DataItemList::addAttach(const VarRef &V) {
  open();
  std::string Text = emitRange(PP, Items, V, "(const void *)");
  Items.code(", FERRY_DATA_ATTACH, 0,")
      .string(Text)
      .code(isC(PP) ? ", 0, 0, (const void *)&("
                    : ", 0, 0, ::ferry::acc::attach_clause_address(")
      .tokens(V.object())
      .code("), 0}");
  ++Count;
}

/// A variable of a data clause.
void DataItemList::addClauseItem(const Clause &C, const VarRef &V) {
  open();
  std::string Text = emitRange(PP, Items, V, "(const void *)");
  // (The implicit copy of the struct a member belongs to, `s` itself or
  // `p[0:1]`, is OpenACC's implicit copy: where part of the struct is
  // present already, a member entered by itself (`enter data copyin(t.s)`,
  // `present(t.s)`), nothing is mapped and the region reaches the member
  // through its present copy.)
  if (C.ImplicitRoots)
    emitWritableKind("FERRY_DATA_IMPLICIT_WHOLE", C.Zero, V, Text);
  else if (!V.PresentPointee && !V.Vla &&
           (C.Kind == ClauseKind::Copy || C.Kind == ClauseKind::Copyout))
    emitWritableKind(dataKindName(C.Kind), C.Zero, V, Text);
  else
    Items.code(",")
        .code(V.PresentPointee ? "FERRY_DATA_PRESENT_POINTEE" : dataKindName(C.Kind))
        .code(C.Zero ? ", 1," : ", 0,")
        .string(Text);
  if (V.PresentPointee) // the data it points to, where it is not present itself
    Items.code(", 0, (const void *)(").tokens(V.object()).code("), 0, 0}");
  else
    emitSectionAddresses(C, V);
  ++Count;
}

/// copy, copyout or an implicit copy (\p Kind) of data the program cannot write (a const or
/// constexpr variable or struct, a section through a pointer to const:
/// perhaps read-only memory, which the copy back faulted on): copyin,
/// nothing copied back.
void DataItemList::emitWritableKind(const char *Kind, bool Zero, const VarRef &V,
                                    const std::string &Text) {
  TokenBuilder Obj(PP, D.Loc);
  Obj.code("(").tokens(V.object()).code(V.Sections.empty() ? ")" : ")[0]");
  if (isC(PP))
    Items.code(", __builtin_types_compatible_p(__typeof__(&")
        .tokens(Obj.get())
        .code("), __typeof_unqual__(")
        .tokens(Obj.get())
        .code(") *) ?")
        .code(Kind)
        .code(": FERRY_DATA_COPYIN");
  else
    Items.code(", ::ferry::acc::writable_kind(").code(Kind).code(", &").tokens(Obj.get()).code(")");
  Items.code(Zero ? ", 1," : ", 0,").string(Text);
}

/// The item's end: the section's base and the pointer to attach, where a
/// section has them.
void DataItemList::emitSectionAddresses(const Clause &C, const VarRef &V) {
  if (V.Sections.empty() || C.Kind == ClauseKind::Deviceptr)
    Items.code(", 0, 0, 0, 0}");
  else if (V.Vla) // an array: nothing to attach; no template sees its type
    Items.code(", 0, (const void *)&(").tokens(V.Name).code(")[0], 0, 0}");
  else if (isC(PP))
    // (C: the pointer's address only where it is a pointer, not an array.)
    Items.code(", 0, (const void *)(")
        .tokens(V.object())
        .code("), __builtin_choose_expr(")
        .cIsPointer(V.object())
        .code(", (const void *)&(")
        .tokens(V.object())
        .code("), (const void *)0), 0}");
  else
    // The section's base (a region's copy of it is translated), and the
    // pointer to attach when it is itself present (a member of a
    // present struct).
    Items.code(", 0, (const void *)::ferry::acc::section_base(")
        .tokens(V.object())
        .code("), ::ferry::acc::attach_address(")
        .tokens(V.object())
        .code("), 0}");
}

} // namespace

unsigned emitDataItems(Preprocessor &PP, TokenBuilder &B, const Directive &D,
                       ArrayRef<Token> ImpliedCopy, ArrayRef<VarRef> Sources,
                       ArrayRef<InferredSection> Inferred,
                       ArrayRef<Token> InstanceObjects) {
  DataItemList List(PP, D);
  List.addImpliedCopies(ImpliedCopy);
  List.addInstanceObjects(InstanceObjects);
  List.addFirstprivateSources(Sources);
  List.addInferredSections(Inferred);
  for (const Clause &C : D.Clauses) {
    if (C.Kind == ClauseKind::Attach) {
      for (const VarRef &V : C.Vars)
        List.addAttach(V);
      continue;
    }
    if (!isDataClause(C.Kind))
      continue;
    for (const VarRef &V : C.Vars)
      List.addClauseItem(C, V);
  }
  return List.emit(B);
}

std::string pointerRows(Preprocessor &PP, ArrayRef<Token> Object) {
  std::string Text;
  for (const Token &T : Object)
    Text += PP.getSpelling(T) + " ";
  if (!isC(PP))
    return "::ferry::acc::pointer_rows(" + Text + ")";
  return "__builtin_types_compatible_p(__typeof__((" + Text + ")[0]), __typeof__(&(" + Text +
         ")[0][0]))";
}

void emitRowArguments(Preprocessor &PP, TokenBuilder &B, const VarRef &V) {
  const ArrayRef<Token> Object = V.object();
  B.code(pointerRows(PP, Object) + ", (void *const *)&(").tokens(Object).code(")[");
  emitLower(B, V.Sections[0]);
  B.code("], (long long)(").tokens(V.Sections[0].Length).code("), sizeof((");
  B.tokens(Object).code(")[0][0]) * (size_t)(");
  emitLower(B, V.Sections[1]);
  B.code("), sizeof((").tokens(Object).code(")[0][0]) * (size_t)(");
  B.tokens(V.Sections[1].Length).code(")");
}

void emitDataScopeOf(Preprocessor &PP, TokenBuilder &B, const Directive &D, unsigned Items) {
  if (!Items)
    return;
  if (isC(PP))
    emitCDataScope(B, Items);
  else
    B.code("::ferry::acc::data_scope __ferry_data_scope(__ferry_region, __ferry_data,")
        .number(Items)
        .code(", __ferry_options);");
  emitRowScopes(PP, B, D);
}

void emitRowScopes(Preprocessor &PP, TokenBuilder &B, const Directive &D) {
  unsigned Id = 0;
  for (const Clause &C : D.Clauses) {
    if (!isDataClause(C.Kind) || C.Kind == ClauseKind::Deviceptr || C.ImplicitRoots)
      continue;
    for (const VarRef &V : C.Vars) {
      if (V.Sections.size() != 2 || V.Vla)
        continue;
      const std::string Text = sectionsText(PP, V);
      const std::string Name = "__ferry_rows_" + std::to_string(Id++);
      if (isC(PP))
        B.code("__attribute__((__cleanup__(ferry_acc_rows_exit))) ferry_acc_rows " + Name + " =");
      else
        B.code("::ferry::acc::rows_scope " + Name + "(");
      B.code("ferry_acc_rows_enter(&__ferry_region,");
      emitRowArguments(PP, B, V);
      B.code(",").code(dataKindName(C.Kind)).code(",").string(Text);
      B.code(", __ferry_options.on_device, __ferry_options.async)").code(isC(PP) ? ";" : ");");
    }
  }
}

/// The field \p Name of the struct or class \p RD (or of one of its bases).
static const FieldDecl *fieldNamed(const RecordDecl *RD, const IdentifierInfo *Name) {
  if (!RD || !(RD = RD->getDefinition()))
    return nullptr;
  for (const FieldDecl *F : RD->fields())
    if (F->getIdentifier() == Name)
      return F;
  if (const auto *C = dyn_cast<CXXRecordDecl>(RD))
    for (const CXXBaseSpecifier &B : C->bases())
      if (const FieldDecl *F = fieldNamed(B.getType()->getAsRecordDecl(), Name))
        return F;
  return nullptr;
}

QualType memberChainType(Sema *S, ArrayRef<Token> Chain, const ChainPointerStep &OnPointer) {
  if (!S || Chain.empty())
    return QualType();
  QualType T;
  if (Chain[0].is(tok::kw_this)) {
    T = S->getCurrentThisType();
    // (A member function defined in its class: its body's tokens are read,
    // and its directives handled, while the class is being defined.)
    if (const auto *Class = dyn_cast_or_null<CXXRecordDecl>(S->CurContext); T.isNull() && Class)
      T = S->getASTContext().getPointerType(S->getASTContext().getRecordType(Class));
  } else if (const NamedDecl *D = lookupOrdinaryName(S, Chain[0].getIdentifierInfo(),
                                                     Chain[0].getLocation())) {
    // (A member of the object a member function runs on, named alone.)
    if (const auto *VD = dyn_cast<VarDecl>(D))
      T = VD->getType().getNonReferenceType();
    else if (const auto *F = dyn_cast<FieldDecl>(D))
      T = F->getType().getNonReferenceType();
  }
  for (size_t I = 1; I < Chain.size() && !T.isNull();) {
    if (T->isDependentType())
      return QualType();
    T = T.getCanonicalType();
    if (Chain[I].isOneOf(tok::period, tok::arrow) && I + 1 < Chain.size() &&
        Chain[I + 1].is(tok::identifier)) {
      if (Chain[I].is(tok::arrow)) {
        if (!T->isPointerType())
          return QualType();
        if (OnPointer)
          OnPointer(I, {}, Chain[I].getLocation());
        T = T->getPointeeType();
      }
      const FieldDecl *F = fieldNamed(T->getAsRecordDecl(), Chain[I + 1].getIdentifierInfo());
      if (!F)
        return QualType();
      T = F->getType().getNonReferenceType();
      I += 2;
    } else if (Chain[I].is(tok::l_square)) {
      const size_t Close = groupEnd(Chain, I);
      if (Close > Chain.size())
        return QualType();
      if (T->isPointerType()) {
        if (OnPointer)
          OnPointer(I, Chain.slice(I + 1, Close - I - 2), Chain[I].getLocation());
        T = T->getPointeeType();
      } else if (const ArrayType *A = T->getAsArrayTypeUnsafe()) {
        T = A->getElementType();
      } else {
        return QualType();
      }
      I = Close;
    } else {
      return QualType();
    }
  }
  return T;
}

/// The pointee \p V's chain (Base: `x`, `this`, then `.m`, `->m`, `[e]`)
/// reaches through a pointer past its first step, each as a VarRef
/// `prefix[0:1]` (`->`) or `prefix[e:1]` (a subscript of a pointer),
/// outermost first; \p Ctx's Sema gives the types.
static void chainPointees(Preprocessor &PP, const AccContext &Ctx, const VarRef &V,
                          SmallVectorImpl<VarRef> &Out) {
  ArrayRef<Token> Base = V.Base;
  auto Pointee = [&](size_t End, ArrayRef<Token> Lower, SourceLocation Loc) {
    if (End <= 1) // (the root's own pointer: the root is entered already)
      return;
    VarRef P;
    P.Name = V.Name;
    P.Base.append(Base.begin(), Base.begin() + End);
    TokenBuilder One(PP, Loc);
    One.number(1);
    ArraySection S;
    S.Lower.append(Lower.begin(), Lower.end());
    S.Length.append(One.get().begin(), One.get().end());
    S.ColonLoc = Loc;
    P.Sections.push_back(std::move(S));
    Out.push_back(std::move(P));
  };
  if (Ctx.inSema())
    memberChainType(Ctx.sema(), Base, Pointee);
}

/// The structs a member chain reaches through pointers past its root
/// (`*s->atoms` of `s->atoms->px[0:n]`, `*sim.atoms` of `sim.atoms->px`,
/// the element `s->list[k]` of `s->list[k].px`, `*this->atoms` of
/// `this->atoms->px`) join \p Roots after the root, outermost first, as
/// `s->atoms[0:1]` or `s->list[k:1]`: each is entered before the members in
/// it, so that the pointer to it is attached in the device copy of the
/// struct before it, and the region follows device pointers along the
/// whole chain (OpenACC sweep 11 F1 and F7, CoMD's `s->atoms->px`: the
/// region read the host's `s->atoms`). Not objects a data clause names
/// itself.
static void addIntermediateRoots(Preprocessor &PP, const AccContext &Ctx, const Directive &D,
                                 Clause &Roots) {
  llvm::StringSet<> Seen;
  for (const Clause &C : D.Clauses)
    if (isDataClause(C.Kind))
      for (const VarRef &V : C.Vars)
        Seen.insert(spellingOf(PP, V.object()));
  for (const Clause &C : D.Clauses) {
    if (!isDataClause(C.Kind))
      continue;
    for (const VarRef &V : C.Vars) {
      if (!V.isMember() || V.Base.size() < 2 || !V.Base[1].isOneOf(tok::period, tok::arrow))
        continue;
      SmallVector<VarRef, 2> Pointees;
      chainPointees(PP, Ctx, V, Pointees);
      for (VarRef &P : Pointees) {
        if (!Seen.insert(spellingOf(PP, P.Base) + "[" + spellingOf(PP, P.Sections[0].Lower))
                 .second)
          continue;
        if (Roots.Vars.empty())
          Roots.Loc = C.Loc;
        Roots.Vars.push_back(std::move(P));
      }
    }
  }
}

void addMemberRoots(Preprocessor &PP, const AccContext &Ctx, Directive &D) {
  if (D.Kind != ConstructKind::Data && !isComputeOnly(D.Kind) && !D.isLoop())
    return;
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Named = namedVariables(D);
  Clause Roots;
  Roots.Kind = ClauseKind::Copy;
  Roots.ImplicitRoots = true;
  for (const Clause &C : D.Clauses) {
    if (!isDataClause(C.Kind))
      continue;
    for (const VarRef &V : C.Vars) {
      if (!V.isMember() || V.Base.size() < 2 ||
          !V.Base[1].isOneOf(tok::period, tok::arrow) ||
          !Named.insert(V.Name.getIdentifierInfo()).second)
        continue;
      if (Roots.Vars.empty())
        Roots.Loc = C.Loc;
      VarRef Root;
      Root.Name = V.Name;
      if (V.Name.is(tok::kw_this)) { // this->m: the object, as `this` names it
        TokenBuilder Object(PP, V.Name.getLocation());
        Object.code("(*this)");
        Root.Base.append(Object.get().begin(), Object.get().end());
      } else if (V.Base[1].is(tok::arrow)) { // p->m: the struct p points to, p[0:1]
        TokenBuilder One(PP, V.Name.getLocation());
        One.number(1);
        ArraySection S;
        S.Length.append(One.get().begin(), One.get().end());
        S.ColonLoc = V.Name.getLocation();
        Root.Sections.push_back(std::move(S));
      }
      Roots.Vars.push_back(std::move(Root));
    }
  }
  addIntermediateRoots(PP, Ctx, D, Roots);
  if (!Roots.Vars.empty())
    D.Clauses.insert(D.Clauses.begin(), std::move(Roots));
}

void addImplicitThis(Preprocessor &PP, const AccContext &Ctx, Directive &D,
                     SourceLocation PragmaLoc, bool Combined) {
  const bool IsCombined = isComputeConstruct(D.Kind) && !isComputeOnly(D.Kind);
  if (isC(PP) || IsCombined != Combined || !isComputeConstruct(D.Kind))
    return;
  auto NamesThis = [](const Clause &C) {
    return isDataClause(C.Kind) &&
           llvm::any_of(C.Vars, [](const VarRef &V) { return V.Name.is(tok::kw_this); });
  };
  if (llvm::any_of(D.Clauses, NamesThis) || D.find(ClauseKind::Default) ||
      Ctx.enclosingDataDefault() ||
      llvm::any_of(Ctx.enclosingDataClauses(), [&](const Clause *C) { return NamesThis(*C); }))
    return;
  SmallVector<Token, 256> Stmt;
  if (!SourceScanner::readStatement(PP, PragmaLoc, Stmt) ||
      !Ctx.usesMembersThroughThis(Stmt, PragmaLoc))
    return;
  Clause This;
  This.Kind = ClauseKind::Copy;
  This.ImplicitRoots = true;
  This.Loc = D.Loc;
  VarRef V;
  TokenBuilder Name(PP, D.Loc);
  Name.code("this");
  V.Name = Name.get()[0];
  TokenBuilder Object(PP, D.Loc);
  Object.code("(*this)");
  V.Base.append(Object.get().begin(), Object.get().end());
  This.Vars.push_back(std::move(V));
  D.Clauses.insert(D.Clauses.begin(), std::move(This));
}

std::string emitRegion(Preprocessor &PP, TokenBuilder &B, const Directive &D,
                       SourceLocation PragmaLoc, unsigned Flags) {
  SourceManager &SM = PP.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(PragmaLoc));
  // The file as __FILE__ spells it (-fmacro-prefix-map, -ffile-prefix-map).
  SmallString<256> File(P.isValid() ? P.getFilename() : "<unknown>");
  if (P.isValid())
    Preprocessor::processPathForFileMacro(File, PP.getLangOpts(), PP.getTargetInfo());
  unsigned Line = P.isValid() ? P.getLine() : 0;
  unsigned Column = P.isValid() ? P.getColumn() : 0;
  std::string Name = llvm::sys::path::filename(File).str() + ":" + std::to_string(Line) + " " +
                     (D.Statement ? "statement" : spelling(D.Kind).str());
  B.code("static const ::ferry_region __ferry_region = {")
      .string(Name)
      .code(",")
      .string(File)
      .code(",")
      .number(Line)
      .code(",")
      .number(Column)
      .code(",")
      .number(Flags | FERRY_REGION_POINTER_KINDS)
      .code("};");
  return Name;
}

} // namespace plugin
} // namespace ferry
