//===- PTXParser.h - The grammar of inline PTX Ferry reads ------*- C++ -*-===//
///
/// \file
/// Inline PTX as CUDA headers and libraries write it: statements separated by
/// ';', `{` `}` scopes, labels (`L:`), `.reg .<type> name[<N>], ...;`
/// declarations, an optional guard predicate (`@p`, `@!p`), a dotted opcode
/// and comma-separated operands. An operand is an asm operand (`$N`, `%N`), a
/// register or special register (`r0`, `%laneid`), an immediate (`12`,
/// `0x1f`, `-1`, `0f3F800000`, `0d3FF0000000000000`), a vector (`{a, b}`, `_`
/// for an ignored element), an address (`[base]`, `[base+off]`) or a
/// register pair of a result and a predicate (`d|p`). A register or asm
/// operand may carry a video lane selector or mask (`$1.b0`, `r2.h10`,
/// `$0.b3210`) and, for vmad, a minus sign (`-$3`). Comments (`//`, `/* */`) are skipped.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_PTXPARSER_H
#define FERRY_PASSES_PTXPARSER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ferry {

struct PTXOperand {
  enum Kind { AsmOperand, Register, Immediate, Vector, Address, Pair };
  Kind K = Register;
  std::string Text;    ///< as written (trimmed)
  unsigned Number = 0; ///< AsmOperand: N of $N
  std::vector<PTXOperand> Elements; ///< Vector / Pair members;
                                             ///< Address: the base
  int64_t Offset = 0;                        ///< Address: +off
  bool Negated = false;                      ///< `!p` (a predicate source)
  bool Minus = false; ///< `-a`: a negated register or asm operand (vmad)
  std::string Selector; ///< `b3210` of `$1.b3210`: a video lane selector
                        ///< or mask (`b`/`h` and digits), empty if none
};

struct PTXStatement {
  enum Kind { Instruction, RegDecl, Label };
  Kind K = Instruction;
  std::string Text;      ///< the statement as written, for diagnostics
  std::string Guard;     ///< predicate register name, empty if unguarded
  bool GuardNegated = false;
  std::string Opcode;    ///< "shfl.sync.down.b32"; RegDecl: the type ".u32"
  llvm::SmallVector<llvm::StringRef, 6> Parts; ///< Opcode split at '.'
  llvm::SmallVector<PTXOperand, 5> Operands;   ///< RegDecl: the names
};

/// Whether \p P is one of the opcode's modifiers (a part after the first):
/// hasPart(S, "sat") for `add.sat.s32`.
inline bool hasPart(const PTXStatement &S, llvm::StringRef P) {
  return llvm::is_contained(llvm::ArrayRef<llvm::StringRef>(S.Parts).drop_front(), P);
}

/// Parses \p Text into \p Out. On failure returns a message naming the
/// offending statement; empty on success.
std::string parsePTX(llvm::StringRef Text,
                     llvm::SmallVectorImpl<PTXStatement> &Out);

/// \p Text on one line: line breaks and tabs become spaces, runs of spaces
/// collapse (what diagnostics quote).
std::string oneLinePTX(llvm::StringRef Text);

} // namespace ferry

#endif
