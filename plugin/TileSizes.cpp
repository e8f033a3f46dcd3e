//===- TileSizes.cpp - The sizes of a `tile` clause -----------------------===//
///
/// \file
/// See TileSizes.h.
///
//===----------------------------------------------------------------------===//
#include "TileSizes.h"

#include "ConstantTokens.h"
#include "ConstructPieces.h"
#include "Diagnostics.h"

using namespace clang;

namespace ferry {
namespace plugin {

/// The default of `tile(*)` at each level, innermost last: a whole tile of
/// 256 work-items for one level, 8x32 (rows by columns, as tiles2) for two
/// or more, the outer levels 1.
static unsigned defaultTileSize(size_t Level, size_t Levels) {
  if (Levels == 1)
    return 256;
  return Level + 1 == Levels ? 32 : Level + 2 == Levels ? 8 : 1;
}

/// Reads the explicit sizes (0 for `*`, marked in \p Default); false after
/// a diagnostic.
static bool readExplicitSizes(Preprocessor &PP, Sema *S, const Clause &C,
                              ArrayRef<ArrayRef<Token>> Sizes,
                              SmallVectorImpl<unsigned> &Out,
                              SmallVectorImpl<bool> &Default) {
  bool Ok = true;
  uint64_t Explicit = 1;
  for (ArrayRef<Token> Size : Sizes) {
    Default.push_back(Size.size() == 1 && Size[0].is(tok::star));
    Out.push_back(0);
    if (Size.empty()) {
      report(PP, C.Loc, Diag::BadTileSize);
      Ok = false;
      continue;
    }
    if (Default.back())
      continue;
    std::optional<int64_t> V = evaluateIntegerConstant(PP, S, Size);
    if (!V && Size.size() == 1 && Size[0].is(tok::numeric_constant)) {
      report(PP, Size[0].getLocation(), Diag::TileSizeOutOfRange)
          << spellingOf(PP, Size) << MaxTileSize;
      Ok = false;
    } else if (!V) {
      // A variable, `n / 10`: its value is not known here, and it does not
      // change what the loop computes.
      report(PP, Size[0].getLocation(), Diag::TileSizeNotLiteral) << spellingOf(PP, Size);
      Default.back() = true;
    } else if (*V < 1 || *V > MaxTileSize) {
      report(PP, Size[0].getLocation(), Diag::TileSizeOutOfRange)
          << spellingOf(PP, Size) << MaxTileSize;
      Ok = false;
    } else {
      Out.back() = unsigned(*V);
      Explicit *= uint64_t(*V);
    }
  }
  if (Ok && Explicit > MaxTileSize) {
    std::string Text;
    for (ArrayRef<Token> Size : Sizes)
      Text += (Text.empty() ? "" : ", ") + spellingOf(PP, Size);
    report(PP, C.Loc, Diag::TileTooLarge)
        << Text << unsigned(Explicit) << MaxTileSize;
    Ok = false;
  }
  return Ok;
}

bool readTileSizes(Preprocessor &PP, Sema *S, const Clause &Tile,
                   SmallVectorImpl<unsigned> &Sizes) {
  SmallVector<bool, 4> Default;
  if (!readExplicitSizes(PP, S, Tile, splitArguments(Tile), Sizes,
                         Default))
    return false;
  // `*` takes its default, halved until the tile fits a block.
  for (size_t I = 0; I < Sizes.size(); ++I)
    if (Default[I])
      Sizes[I] = defaultTileSize(I, Sizes.size());
  auto Product = [&] {
    uint64_t P = 1;
    for (unsigned S : Sizes)
      P *= S;
    return P;
  };
  for (size_t I = 0; Product() > MaxTileSize; I = (I + 1) % Sizes.size())
    if (Default[I] && Sizes[I] > 1)
      Sizes[I] /= 2;
  return true;
}

} // namespace plugin
} // namespace ferry
