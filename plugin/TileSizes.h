//===- TileSizes.h - The sizes of a `tile` clause ---------------*- C++ -*-===//
///
/// \file
/// `tile(s1, ..., sn)` cuts n nested independent loops into tiles: the tile
/// loops go to gangs, the element loops to a gang's work-items. Its sizes
/// are integer constants or `*` (a default, halved until the tile fits a
/// block); a tile never has more than MaxTileSize iterations. Sizes Ferry
/// cannot evaluate at the directive (ConstantTokens.h) take the default,
/// with a warning.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_TILESIZES_H
#define FERRY_PLUGIN_TILESIZES_H

#include "Directive.h"

#include "clang/Lex/Preprocessor.h"

namespace clang {
class Sema;
} // namespace clang

namespace ferry {
namespace plugin {

/// The largest `tile` size, and product of sizes: a tile is what one gang
/// runs at a time, and no GPU block has more work-items than this.
constexpr unsigned MaxTileSize = 1024;

/// Reads the sizes of \p Tile into \p Sizes, outermost first, `*`
/// resolved; false after a diagnostic. \p S looks up the names in sizes.
bool readTileSizes(clang::Preprocessor &PP, clang::Sema *S, const Clause &Tile,
                   llvm::SmallVectorImpl<unsigned> &Sizes);

} // namespace plugin
} // namespace ferry

#endif
