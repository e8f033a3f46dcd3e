//===- DevicePrintf.cpp - Printing what device printf wrote ---------------===//
///
/// \file
/// Implementation of the printf-buffer decoder (see DevicePrintf.h).
///
//===----------------------------------------------------------------------===//
#include "core/DevicePrintf.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace ferry {

void resetPrintfBuffer(void *Buffer, uint32_t Bytes) {
  const uint32_t Header[2] = {0, Bytes};
  std::memcpy(Buffer, Header, sizeof Header);
}

std::string PrintfFormatTable::add(const std::vector<std::string> &Entries) {
  std::lock_guard<std::mutex> Lock(Mutex);
  for (const std::string &E : Entries) {
    // "<id>:<size>:<hash>,<format>"; the buffered form writes 0:0.
    const size_t Second = E.find(':', E.find(':') + 1);
    const size_t Comma = E.find(',');
    if (E.compare(0, 4, "0:0:") != 0 || Second == std::string::npos ||
        Comma == std::string::npos || Comma <= Second + 1)
      return "malformed amdhsa.printf entry '" + E + "'";
    char *End = nullptr;
    const std::string Hex = E.substr(Second + 1, Comma - Second - 1);
    const uint64_t Hash = std::strtoull(Hex.c_str(), &End, 16);
    if (*End)
      return "malformed amdhsa.printf entry '" + E + "'";
    ByHash[Hash] = E.substr(Comma + 1);
  }
  return "";
}

std::string PrintfFormatTable::find(uint64_t Hash, bool &Found) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = ByHash.find(Hash);
  Found = It != ByHash.end();
  return Found ? It->second : std::string();
}

namespace {

/// snprintf of one conversion with up to two `*` values and one argument.
template <typename T>
void appendFormatted(std::string &Out, const std::string &Spec, const int *Stars,
                     unsigned NumStars, T Value) {
  char Small[256];
  auto Print = [&](char *Buf, size_t Size) {
    if (NumStars == 0)
      return std::snprintf(Buf, Size, Spec.c_str(), Value);
    if (NumStars == 1)
      return std::snprintf(Buf, Size, Spec.c_str(), Stars[0], Value);
    return std::snprintf(Buf, Size, Spec.c_str(), Stars[0], Stars[1], Value);
  };
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wformat-nonliteral"
  const int N = Print(Small, sizeof Small);
  if (N < 0)
    return;
  if (size_t(N) < sizeof Small) {
    Out.append(Small, size_t(N));
    return;
  }
  std::string Big(size_t(N) + 1, '\0');
  Print(Big.data(), Big.size());
#pragma clang diagnostic pop
  Out.append(Big.data(), size_t(N));
}

/// The literal text [From, To) of a format, with "%%" printed as '%'.
void appendLiteral(std::string &Out, std::string_view Text) {
  for (size_t I = 0; I < Text.size(); ++I) {
    Out.push_back(Text[I]);
    if (Text[I] == '%' && I + 1 < Text.size() && Text[I + 1] == '%')
      ++I;
  }
}

/// Arguments of a printf-buffer record: 8-byte slots, strings inline.
class RecordArgs final : public PrintfArgSource {
public:
  RecordArgs(const uint8_t *At, const uint8_t *End) : At(At), End(End) {}
  bool scalar(PrintfArg, uint64_t &Bits) override {
    if (End - At < 8)
      return false;
    std::memcpy(&Bits, At, 8);
    At += 8;
    return true;
  }
  bool string(std::string &Out) override {
    const void *Nul = std::memchr(At, 0, size_t(End - At));
    if (!Nul)
      return false;
    const size_t Length = size_t(static_cast<const uint8_t *>(Nul) - At);
    Out.assign(reinterpret_cast<const char *>(At), Length);
    At += std::min<size_t>((Length + 1 + 7) / 8 * 8, size_t(End - At));
    return true;
  }

private:
  const uint8_t *At, *End;
};

} // namespace

bool formatPrintf(std::string_view Format, PrintfArgSource &Args, std::string &Out) {
  size_t Pos = 0, Literal = 0;
  PrintfConversion C;
  bool Malformed = false;
  while (nextPrintfConversion(Format, Pos, C, Malformed)) {
    appendLiteral(Out, Format.substr(Literal, size_t(C.Text.data() - Format.data()) - Literal));
    Literal = Pos;
    int Stars[2] = {0, 0};
    for (unsigned I = 0; I < C.Stars; ++I) {
      uint64_t Bits;
      if (!Args.scalar(PrintfArg::Int32, Bits))
        return false;
      Stars[I < 2 ? I : 1] = int(int32_t(uint32_t(Bits)));
    }
    // The host's printf reads a long double for L: print a double.
    std::string Spec;
    for (char Ch : C.Text)
      if (Ch != 'L')
        Spec.push_back(Ch);
    const unsigned NumStars = C.Stars < 2 ? C.Stars : 2;
    if (C.Arg == PrintfArg::String) {
      std::string S;
      if (!Args.string(S))
        return false;
      appendFormatted(Out, Spec, Stars, NumStars, S.c_str());
      continue;
    }
    uint64_t Bits;
    if (!Args.scalar(C.Arg, Bits))
      return false;
    switch (C.Arg) {
    case PrintfArg::Int32:
      appendFormatted(Out, Spec, Stars, NumStars, int(int32_t(uint32_t(Bits))));
      break;
    case PrintfArg::Int64:
      appendFormatted(Out, Spec, Stars, NumStars, static_cast<long long>(Bits));
      break;
    case PrintfArg::Double: {
      double D;
      std::memcpy(&D, &Bits, 8);
      appendFormatted(Out, Spec, Stars, NumStars, D);
      break;
    }
    case PrintfArg::Pointer:
      if (C.Conversion == 'p')
        appendFormatted(Out, Spec, Stars, NumStars, reinterpret_cast<void *>(uintptr_t(Bits)));
      break; // %n writes nothing here
    case PrintfArg::String:
      break;
    }
  }
  // A malformed conversion and everything after it print as written.
  appendLiteral(Out, Format.substr(std::min(Literal, Format.size())));
  return true;
}

std::string formatPrintfRecords(const uint8_t *Records, size_t Used,
                                const PrintfFormatTable &Formats, std::string &Stdout,
                                std::string &Stderr) {
  size_t At = 0;
  while (At < Used) {
    const auto Where = [&] { return " (printf record at byte " + std::to_string(At) + ")"; };
    uint32_t Control;
    if (Used - At < 4)
      return "a truncated printf record" + Where();
    std::memcpy(&Control, Records + At, 4);
    const size_t Size = Control >> 2;
    if (Size < 4 || Size > Used - At)
      return "a printf record of " + std::to_string(Size) + " bytes runs past the " +
             std::to_string(Used) + " bytes written" + Where();
    const uint8_t *Body = Records + At + 4, *End = Records + At + Size;
    std::string Format;
    if (Control & 2) {
      uint64_t Hash;
      if (End - Body < 8)
        return "a printf record without its format hash" + Where();
      std::memcpy(&Hash, Body, 8);
      Body += 8;
      bool Found = false;
      Format = Formats.find(Hash, Found);
      if (!Found) {
        char Hex[17];
        std::snprintf(Hex, sizeof Hex, "%" PRIx64, Hash);
        return std::string("a printf record names format hash ") + Hex +
               ", which no loaded code object lists in amdhsa.printf" + Where();
      }
    } else {
      RecordArgs Inline(Body, End);
      if (!Inline.string(Format))
        return "a printf record whose format string is not terminated" + Where();
      Body += (Format.size() + 1 + 7) / 8 * 8;
    }
    RecordArgs Args(Body, End);
    std::string &Out = (Control & 1) ? Stderr : Stdout;
    if (!formatPrintf(Format, Args, Out))
      return "a printf record has fewer arguments than its format \"" + Format + "\" converts" +
             Where();
    At += Size;
  }
  return "";
}

size_t printfRecordBytes(const void *Buffer, size_t BufferBytes) {
  if (BufferBytes < PrintfBufferHeader)
    return 0;
  uint32_t Header[2];
  std::memcpy(Header, Buffer, sizeof Header);
  return std::min<size_t>(Header[0], BufferBytes - PrintfBufferHeader);
}

std::string printPrintfBuffer(void *Buffer, uint32_t BufferBytes,
                              const PrintfFormatTable &Formats) {
  const size_t Used = printfRecordBytes(Buffer, BufferBytes);
  if (Used == 0)
    return "";
  std::string Stdout, Stderr;
  std::string Error = formatPrintfRecords(static_cast<const uint8_t *>(Buffer) + PrintfBufferHeader,
                                          Used, Formats, Stdout, Stderr);
  std::fwrite(Stdout.data(), 1, Stdout.size(), stdout);
  std::fflush(stdout);
  std::fwrite(Stderr.data(), 1, Stderr.size(), stderr);
  resetPrintfBuffer(Buffer, BufferBytes);
  return Error;
}

} // namespace ferry
