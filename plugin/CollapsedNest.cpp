//===- CollapsedNest.cpp - A loop nest as one flat region loop ------------===//
///
/// \file
/// See CollapsedNest.h.
///
//===----------------------------------------------------------------------===//
#include "CollapsedNest.h"

#include "LoopPieces.h"

using namespace clang;

namespace ferry {
namespace plugin {

/// The tokens of C++ source text \p Text.
static TokenList lex(Preprocessor &PP, SourceLocation Loc, StringRef Text) {
  TokenBuilder B(PP, Loc);
  B.code(Text);
  return TokenList(B.get().begin(), B.get().end());
}

/// `__ferry_n0, __ferry_n1, ...`: the trip counts of \p Levels levels.
static std::string tripCounts(size_t Levels) {
  std::string Text;
  for (size_t I = 0; I < Levels; ++I)
    Text += (I ? ", __ferry_n" : "__ferry_n") + std::to_string(I);
  return Text;
}

namespace {
/// Builds a FlatNest: the trip counts, the tiles or chunks the schedule
/// asks for, then the flat loop and its body.
class NestFlattener {
public:
  NestFlattener(Preprocessor &PP, SourceLocation Loc,
                ArrayRef<CanonicalLoop> Nest, const NestSchedule &S)
      : PP(PP), Loc(Loc), Nest(Nest), S(S), Pre(PP, Loc) {}

  FlatNest run() {
    emitTripCounts();
    declareTiles();
    declareChunks();
    Out.Loop = flatLoop();
    Out.Prelude.assign(Pre.get().begin(), Pre.get().end());
    Out.Levels = unsigned(Nest.size());
    Out.OuterVar = PP.getSpelling(Nest[0].Var);
    return std::move(Out);
  }

private:
  void emitTripCounts();
  void declareTiles();
  void declareChunks();
  CanonicalLoop flatLoop();
  /// The body: the original variables recomputed from the flat index, then
  /// the innermost body.
  TokenList flatBody();

  Preprocessor &PP;
  SourceLocation Loc;
  ArrayRef<CanonicalLoop> Nest;
  const NestSchedule &S;
  TokenBuilder Pre;
  FlatNest Out;
  bool UserTiles = false; ///< `tile` sets the tiles
  bool Tiled = false;     ///< the nest runs in tiles
  bool Chunked =
      false; ///< the flat iterations are dealt in gang(static:) chunks
};
} // namespace

void NestFlattener::emitTripCounts() {
  for (size_t I = 0; I < Nest.size(); ++I) {
    const CanonicalLoop &L = Nest[I];
    std::string N = std::to_string(I);
    emitIndexType(Pre, L, "__ferry_t" + N);
    Pre.code("const __int128 __ferry_lo" + N + " = (__int128)(")
        .tokens(L.Lower)
        .code(");");
    Pre.code("const __int128 __ferry_st" + N + " = (__int128)(")
        .tokens(L.Step)
        .code(")")
        .code(L.NegativeStep ? "* -1;" : ";");
    Pre.code("const int64_t __ferry_n" + N +
             " = ::ferry::acc::collapsed_trip_count<::ferry::acc::cmp::")
        .code(L.Cmp)
        .code(", __ferry_t" + N + ">(__ferry_lo" + N + ", (")
        .tokens(L.Bound)
        .code("), __ferry_st" + N + ");");
  }
}

void NestFlattener::declareTiles() {
  // Two levels of a flat region (its iterations on work-items, the block
  // size Ferry's) run in tiles, as a 2-D CUDA grid does; `tile` sets the
  // tiles' sizes (and a gang's work-items to one tile, unless the program
  // sets vector_length or the nest holds loops of its own).
  UserTiles = !S.TileSizes.empty();
  Tiled = UserTiles || (Nest.size() == 2 && !S.NestedSpread && !S.VectorLength);
  if (UserTiles) {
    std::string Sizes;
    for (size_t I = 0; I < Nest.size(); ++I)
      Sizes += (I ? ", " : "") + std::to_string(S.TileSizes[I]);
    Pre.code("const ::ferry::acc::tiles<" + std::to_string(Nest.size()) +
             "> __ferry_tiles({" + tripCounts(Nest.size()) + "}, {" + Sizes +
             "});");
    if (!S.NestedSpread)
      Out.AfterOptions =
          lex(PP, Loc,
              "if (!__ferry_options.vector_length) "
              "__ferry_options.vector_length = __ferry_tiles.block();");
  } else if (Tiled) {
    Pre.code(
        "const ::ferry::acc::tiles2 __ferry_tiles(__ferry_n0, __ferry_n1);");
  }
  if (Tiled)
    Out.Copies.append(lex(PP, Loc, "__ferry_tiles"));
}

void NestFlattener::declareChunks() {
  // gang(static: n): the flat iterations dealt to the gangs in chunks of n,
  // with the geometry that makes each gang run its own.
  Chunked = !S.StaticChunk.empty() && !Tiled;
  if (!Chunked)
    return;
  TokenBuilder After(PP, Loc);
  After.code("const ::ferry::acc::gang_chunks "
             "__ferry_chunks(::ferry::acc::collapsed_product({");
  for (size_t I = 0; I < Nest.size(); ++I)
    After.code(I ? ", __ferry_n" + std::to_string(I)
                 : "__ferry_n" + std::to_string(I));
  After
      .code("}), ::ferry::acc::geometry_clause(__ferry_region, "
            "\"gang(static:)\", (")
      .tokens(S.StaticChunk)
      .code("), 2147483647LL), __ferry_options,")
      .code(S.OneIterationPerGang ? "true" : "false")
      .code(S.Reduces ? ", true);" : ", false);");
  Out.AfterOptions.append(After.get().begin(), After.get().end());
  Out.Copies.append(lex(PP, Loc, "__ferry_chunks"));
}

CanonicalLoop NestFlattener::flatLoop() {
  // `for (int64_t __ferry_k = 0; __ferry_k < count; ++__ferry_k)`.
  CanonicalLoop Flat;
  TokenList Toks = lex(PP, Loc, "int64_t __ferry_k 0");
  Flat.VarType.push_back(Toks[0]);
  Flat.Var = Toks[1];
  Flat.Lower.push_back(Toks[2]);
  TokenBuilder Bound(PP, Loc);
  if (Chunked) {
    Bound.code("__ferry_chunks.count()");
  } else if (Tiled) {
    Bound.code("__ferry_tiles.count()");
  } else {
    Bound.code("::ferry::acc::collapsed_product({");
    for (size_t I = 0; I < Nest.size(); ++I)
      Bound.code(I ? ", __ferry_n" + std::to_string(I)
                   : "__ferry_n" + std::to_string(I));
    Bound.code("})");
  }
  Flat.Bound.append(Bound.get().begin(), Bound.get().end());
  Flat.Step = lex(PP, Loc, "1");
  Flat.Cmp = "lt";
  Flat.Body = flatBody();
  return Flat;
}

TokenList NestFlattener::flatBody() {
  TokenBuilder Body(PP, Loc);
  Body.code("{");
  if (Chunked) // `continue` leaves the body's `do ... while (0)`
    Body.code("int64_t __ferry_s; if (!__ferry_chunks.at(__ferry_k, "
              "__ferry_s)) continue;");
  else if (UserTiles)
    Body.code("int64_t __ferry_r[" + std::to_string(Nest.size()) +
              "]; if (!__ferry_tiles.at(__ferry_k, __ferry_r)) continue;");
  else if (Tiled)
    Body.code("int64_t __ferry_r0, __ferry_r1;if (!__ferry_tiles.at(__ferry_k, "
              "__ferry_r0, __ferry_r1)) continue;");
  for (size_t I = 0; I < Nest.size(); ++I) {
    std::string N = std::to_string(I);
    Body.code("__ferry_t" + N)
        .tokens(Nest[I].Var)
        .code("= ::ferry::acc::index_at<__ferry_t" + N + ">(__ferry_lo" + N +
              ",");
    if (UserTiles) {
      Body.code("__ferry_r[" + N + "]");
    } else if (Tiled) {
      Body.code("__ferry_r" + N);
    } else {
      Body.code(Chunked ? "(__ferry_s" : "(__ferry_k");
      for (size_t J = I + 1; J < Nest.size(); ++J)
        Body.code("/ __ferry_n" + std::to_string(J));
      Body.code("% __ferry_n" + N + ")");
    }
    Body.code(", __ferry_st" + N + ");");
    Body.code("(void)").tokens(Nest[I].Var).code(";");
  }
  Body.tokens(Nest.back().Body).code("}");
  return TokenList(Body.get().begin(), Body.get().end());
}

FlatNest flattenNest(Preprocessor &PP, SourceLocation PragmaLoc,
                     ArrayRef<CanonicalLoop> Nest, const NestSchedule &S) {
  return NestFlattener(PP, PragmaLoc, Nest, S).run();
}

bool joinNestedLoop(Preprocessor &PP, bool Remarks,
                    SmallVectorImpl<CanonicalLoop> &Nest,
                    std::vector<InnerLoop> &Nested) {
  if (Nested.size() != 1 || !Nested[0].Plain)
    return false;
  // The body is the nested loop alone (in braces or not).
  ArrayRef<Token> Body = Nest[0].Body;
  while (Body.size() >= 2 && Body.front().is(tok::l_brace) &&
         Body.back().is(tok::r_brace) &&
         Body.size() > Nested[0].RewrittenTokens)
    Body = Body.drop_front().drop_back();
  if (Body.size() != Nested[0].RewrittenTokens)
    return false;
  // Rectangular: its bounds and step do not use the outer variable. (Nor
  // one whose variable shadows the outer one, `for (int i ...)` in the loop
  // over i: the collapsed nest declares both in one scope.)
  const CanonicalLoop &L = Nested[0].Loop;
  if (outerVariableIn(L, Nest[0]) ||
      L.Var.getIdentifierInfo() == Nest[0].Var.getIdentifierInfo())
    return false;
  Nest.push_back(L);
  if (Remarks)
    Nested[0].Remark =
        "'loop' over '" + PP.getSpelling(L.Var) +
        "' is the whole body of the " + "loop over '" +
        PP.getSpelling(Nest[0].Var) + "' and rectangular: the " +
        "two run as one collapsed loop, an iteration per work-item";
  return true;
}

} // namespace plugin
} // namespace ferry
