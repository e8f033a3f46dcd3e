//===- TokenBuilder.cpp - Builds the token stream a directive becomes -----===//
///
/// \file
/// Implementation of TokenBuilder.
///
//===----------------------------------------------------------------------===//
#include "TokenBuilder.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cstring>

#include <memory>
#include <string>

using namespace clang;

namespace ferry {
namespace plugin {

static constexpr const char *GeneratedBufferName = "<ferry generated code>";

bool isGenerated(const SourceManager &SM, SourceLocation Loc) {
  const SourceLocation Spelled = SM.getSpellingLoc(Loc);
  return SM.isWrittenInScratchSpace(Spelled) ||
         SM.getBufferName(Spelled) == GeneratedBufferName;
}

SourceLocation TokenBuilder::spell(StringRef Spelling, const char *&Data) {
  SourceManager &SM = PP.getSourceManager();
  // Each token on a line of its own (caret diagnostics), ended by a NUL
  // (what the lexer of a literal's spelling expects), as in clang's
  // ScratchBuffer.
  const unsigned Needed = Spelling.size() + 2;
  if (!Buffer || Used + Needed > Size) {
    Size = std::max(Needed, 1024u);
    std::unique_ptr<llvm::WritableMemoryBuffer> New =
        llvm::WritableMemoryBuffer::getNewMemBuffer(Size, GeneratedBufferName);
    Buffer = New->getBufferStart();
    Used = 0;
    BufferStart = SM.getLocForStartOfFile(SM.createFileID(std::move(New), SrcMgr::C_System));
  }
  Buffer[Used++] = '\n';
  std::memcpy(Buffer + Used, Spelling.data(), Spelling.size());
  Data = Buffer + Used;
  const SourceLocation Spelled = BufferStart.getLocWithOffset(Used);
  Used += Spelling.size();
  Buffer[Used++] = '\0';
  // The buffer changed: its lines are counted again when asked for.
  SM.getSLocEntry(SM.getFileID(BufferStart)).getFile().getContentCache().SourceLineCache =
      SrcMgr::LineOffsetMapping();
  return Spelled;
}

void TokenBuilder::push(tok::TokenKind Kind, StringRef Spelling) {
  Token T;
  T.startToken();
  T.setKind(Kind);
  T.setLength(Spelling.size());
  const char *Data = nullptr;
  const SourceLocation Spelled = spell(Spelling, Data);
  T.setLocation(Loc.isValid() ? PP.getSourceManager().createExpansionLoc(Spelled, Loc, Loc,
                                                                         Spelling.size())
                              : Spelled);
  if (Kind == tok::raw_identifier) {
    T.setRawIdentifierData(Data);
    PP.LookUpIdentifierInfo(T); // sets the identifier and keyword kind
  } else if (T.isLiteral()) {
    T.setLiteralData(Data);
  }
  T.setFlag(Token::LeadingSpace);
  Toks.push_back(T);
}

std::string cSpelling(StringRef Text) {
  std::string Out;
  for (size_t I = 0; I < Text.size();) {
    if (Text.substr(I).starts_with("::ferry::acc::")) {
      Out += "ferry_acc_";
      I += 14;
    } else if (Text.substr(I).starts_with("::ferry_")) {
      Out += "ferry_";
      I += 8;
    } else if (Text.substr(I).starts_with("static_cast<bool>(")) {
      Out += "(_Bool)(";
      I += 18;
    } else if (Text.substr(I).starts_with("device_type_in({")) {
      const size_t Close = Text.find("})", I);
      Out += "device_type_in((const acc_device_t[]){";
      Out += Text.slice(I + 16, Close).str();
      Out += ", acc_device_none})";
      I = Close == StringRef::npos ? Text.size() : Close + 2;
    } else {
      Out += Text[I++];
    }
  }
  return Out;
}

TokenBuilder &TokenBuilder::code(StringRef Text) {
  std::string Buffer = PP.getLangOpts().CPlusPlus ? Text.str() : cSpelling(Text);
  // The raw lexer wants a file location; a directive from _Pragma in a macro
  // has a macro location.
  Lexer Raw(PP.getSourceManager().getExpansionLoc(Loc), PP.getLangOpts(), Buffer.data(),
            Buffer.data(), Buffer.data() + Buffer.size());
  for (Token T;;) {
    Raw.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    // The raw lexer stops right after the token it returned.
    const char *End = Raw.getBufferLocation();
    push(T.getKind(), StringRef(End - T.getLength(), T.getLength()));
  }
  return *this;
}

TokenBuilder &TokenBuilder::string(StringRef Value) {
  std::string Lit = "\"";
  for (char C : Value) {
    if (C == '"' || C == '\\')
      Lit += '\\';
    Lit += C;
  }
  Lit += '"';
  push(tok::string_literal, Lit);
  return *this;
}

TokenBuilder &TokenBuilder::number(uint64_t Value) {
  push(tok::numeric_constant, std::to_string(Value) + "u");
  return *this;
}

TokenBuilder &TokenBuilder::tokens(ArrayRef<Token> Original) {
  Toks.append(Original.begin(), Original.end());
  return *this;
}

TokenBuilder &TokenBuilder::cIsPointer(ArrayRef<Token> Object) {
  return code("__builtin_types_compatible_p(__typeof__(")
      .tokens(Object)
      .code("), __typeof__(&(")
      .tokens(Object)
      .code(")[0]))");
}

void TokenBuilder::inject() {
  if (Toks.empty())
    return; // an empty token stream is not something the preprocessor expects
  auto Array = std::make_unique<Token[]>(Toks.size());
  std::copy(Toks.begin(), Toks.end(), Array.get());
  PP.EnterTokenStream(std::move(Array), Toks.size(),
                      /*DisableMacroExpansion=*/true, /*IsReinject=*/false);
}

} // namespace plugin
} // namespace ferry
