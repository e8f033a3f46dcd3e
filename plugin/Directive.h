//===- Directive.h - A parsed OpenACC directive ----------------*- C++ -*-===//
///
/// \file
/// The result of parsing `#pragma acc ...`: the construct, its clauses and
/// their operands, each operand kept as the original tokens so that Sema
/// checks them at their source locations once they are re-injected.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_DIRECTIVE_H
#define FERRY_PLUGIN_DIRECTIVE_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ferry {
namespace plugin {

using TokenList = llvm::SmallVector<clang::Token, 8>;

/// Constructs Ferry knows, including those not implemented yet.
enum class ConstructKind {
#define FERRY_CONSTRUCT(Id, Spelling, Supported) Id,
#include "Constructs.def"
};

/// Clauses Ferry knows, including those not implemented yet.
enum class ClauseKind {
#define FERRY_CLAUSE(Id, Spelling, Operand, Supported) Id,
#include "Clauses.def"
};

/// How a clause's parenthesized operand is shaped.
enum class OperandKind {
  None,        ///< no parentheses
  OptionalAny, ///< optional balanced parentheses (gang(...), vector(...))
  Expr,        ///< one expression
  VarList,     ///< variables and array sections
  Reduction,   ///< operator ':' variables
  Default,     ///< none | present
  ConstInt,    ///< a positive integer literal (collapse)
};

/// `a`, `a[lo:len]`, `a[:len]`, `a[lo:len][lo2:len2]`, and members and
/// array elements: `s.x`, `p->data[0:n]`, `parts[i].pos[0:3]`, `list[i]`.
struct ArraySection {
  TokenList Lower;  ///< empty means 0
  TokenList Length; ///< empty means "to the end" (only for known bounds)
  clang::SourceLocation ColonLoc;
};
struct VarRef {
  clang::Token
      Name; ///< the variable the item starts from (`s` of `s.data[0:n]`)
  /// The object the sections apply to when it is not Name itself: a member
  /// or array element (`s.data`, `p->data`, `parts[i].pos`, `list` of
  /// `list[i]` has none: that is the section `list[i:1]`).
  TokenList Base;
  std::vector<ArraySection> Sections;
  /// The variable is a variable-length array (clang's extension in C++):
  /// the rewritten code never hands its type to a template.
  bool Vla = false;
  /// `present(p)` of a pointer p without a section: the data p points to
  /// where p itself is not present (FERRY_DATA_PRESENT_POINTEE).
  bool PresentPointee = false;
  /// Written as one subscript without ':' (`p[n]`, `s.x[n]`: the element,
  /// the section `p[n:1]`).
  bool Element = false;
  bool isMember() const { return !Base.empty(); }
  /// The tokens of the object: Base, or Name.
  llvm::ArrayRef<clang::Token> object() const {
    return Base.empty() ? llvm::ArrayRef<clang::Token>(Name)
                        : llvm::ArrayRef<clang::Token>(Base);
  }
};

struct Clause {
  ClauseKind Kind;
  clang::SourceLocation Loc;
  TokenList Expr;            ///< Expr operands
  /// The commas of Expr inside a template's argument list (`prod<2, 3>()`,
  /// found by the names Sema knows as templates): splitArguments keeps
  /// them in their argument.
  llvm::SmallVector<unsigned, 2> TemplateCommas;
  std::vector<VarRef> Vars;  ///< VarList and Reduction operands
  std::string ReductionOp;   ///< "+", "*", "max", ...
  std::string DefaultKind;   ///< "none" or "present"
  unsigned Count = 0;        ///< ConstInt operands
  TokenList DevNum;          ///< `wait(devnum: n : ...)`
  bool Zero = false;         ///< `create(zero: ...)`, `copyout(zero: ...)`
  bool Force = false;        ///< `collapse(force: n)`
  /// Added by Ferry, not written: the `copy` of the structs whose members
  /// other clauses name (copyin where the struct is const).
  bool ImplicitRoots = false;
  /// After a `device_type(list)`: the DeviceTypeBit types it applies to.
  unsigned DeviceTypes = 0;
};

struct Directive {
  ConstructKind Kind;
  clang::SourceLocation Loc; ///< of the construct name
  /// A plain loop of `kernels` or `parallel`, taken as a `loop` construct
  /// without clauses (no directive is written); or, with Statement, a
  /// statement of host control that needs the device, taken as a `loop seq`
  /// of one iteration around it.
  bool Implicit = false;
  bool Statement = false;
  /// Implicit: the construct it belongs to.
  ConstructKind ImplicitIn = ConstructKind::Kernels;
  std::vector<Clause> Clauses;
  /// The clauses after a `device_type(list)` (DeviceTypeClauses.h); the
  /// others are in Clauses.
  std::vector<Clause> DeviceClauses;
  TokenList Name; ///< `routine(name)`: the function it names

  bool isLoop() const;
  const Clause *find(ClauseKind K) const;
};

/// Splits \p Toks at the occurrences of \p Sep outside brackets.
llvm::SmallVector<llvm::ArrayRef<clang::Token>, 4>
splitTopLevel(llvm::ArrayRef<clang::Token> Toks, clang::tok::TokenKind Sep);

/// \p C's Expr split into its comma-separated arguments (`num_gangs(x, y)`,
/// `tile(4, prod<2, 4>())`, `gang(num: n, static: 4)`): splitTopLevel at
/// the commas that are in no template argument list.
llvm::SmallVector<llvm::ArrayRef<clang::Token>, 4> splitArguments(const Clause &C);

llvm::StringRef spelling(ConstructKind K);
/// How remarks name an implicit loop or statement: "plain loop in 'kernels'",
/// "statement in 'parallel'".
std::string implicitName(const Directive &D);
llvm::StringRef spelling(ClauseKind K);
OperandKind operandKind(ClauseKind K);
/// copy, copyin, copyout, create, present, no_create, deviceptr.
bool isDataClause(ClauseKind K);
/// Clauses whose items may be members and array elements: the data
/// clauses but deviceptr, delete, update's host/device, attach, detach.
bool takesMembers(ClauseKind K);

} // namespace plugin
} // namespace ferry

#endif
