//===- ferry/PrintfFormat.h - Conversion specifications of printf -*- C++ -*-===//
///
/// \file
/// The one scanner of C printf format strings that the translator (to lay out
/// the arguments of CUDA's `vprintf`) and the runtime (to print the records of
/// AMD's printf buffer) share, so that both agree on what each conversion
/// consumes. Header-only and free of LLVM: the runtime includes it too.
///
/// A conversion is `%[flags][width][.precision][length]conversion` (C17
/// 7.21.6.1). A `*` width or precision consumes an `int` argument first.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PRINTFFORMAT_H
#define FERRY_PRINTFFORMAT_H

#include <cstddef>
#include <string_view>

namespace ferry {

/// What one printf argument is, as a device passes it.
enum class PrintfArg {
  Int32,   ///< d i o u x X c without a length modifier, or with h/hh; `*`
  Int64,   ///< the same with l, ll, j, z or t
  Double,  ///< f F e E g G a A (float is promoted; L is printed as double)
  String,  ///< s: a pointer to a NUL-terminated string
  Pointer, ///< p, and n (whose pointer is not written through)
};

/// One conversion specification: Text is `%...c` (e.g. "%-8.3lf").
struct PrintfConversion {
  std::string_view Text;
  unsigned Stars = 0;  ///< `*` widths/precisions: Int32 arguments before it
  char Conversion = 0; ///< the conversion character
  PrintfArg Arg = PrintfArg::Int32;
};

/// Scans \p Format from \p Pos for the next conversion; the literal text
/// before it is [\p Pos, Text.data() - Format.data()). "%%" is literal text
/// (callers print it as '%'). Returns false at the end of the string, or with
/// \p Malformed set when a '%' starts no valid conversion (Text then holds
/// what was scanned). On success \p Pos moves past the conversion.
inline bool nextPrintfConversion(std::string_view Format, size_t &Pos,
                                 PrintfConversion &C, bool &Malformed) {
  Malformed = false;
  for (size_t I = Pos; I < Format.size(); ++I) {
    if (Format[I] != '%')
      continue;
    if (I + 1 < Format.size() && Format[I + 1] == '%') {
      ++I;
      continue;
    }
    size_t J = I + 1;
    C = PrintfConversion();
    while (J < Format.size() && std::string_view("-+ #0'").find(Format[J]) != std::string_view::npos)
      ++J;
    auto Field = [&] {
      if (J < Format.size() && Format[J] == '*') {
        ++C.Stars;
        ++J;
        return;
      }
      while (J < Format.size() && Format[J] >= '0' && Format[J] <= '9')
        ++J;
    };
    Field();
    if (J < Format.size() && Format[J] == '.') {
      ++J;
      Field();
    }
    bool Wide = false;
    if (J < Format.size() && std::string_view("hljztL").find(Format[J]) != std::string_view::npos) {
      const char L = Format[J++];
      Wide = L == 'l' || L == 'j' || L == 'z' || L == 't';
      if (J < Format.size() && (L == 'h' || L == 'l') && Format[J] == L)
        ++J;
    }
    if (J >= Format.size()) {
      C.Text = Format.substr(I);
      Malformed = true;
      return false;
    }
    C.Conversion = Format[J];
    C.Text = Format.substr(I, J + 1 - I);
    switch (C.Conversion) {
    case 'd': case 'i': case 'o': case 'u': case 'x': case 'X': case 'c':
      C.Arg = Wide ? PrintfArg::Int64 : PrintfArg::Int32;
      break;
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
      C.Arg = PrintfArg::Double;
      break;
    case 's':
      C.Arg = PrintfArg::String;
      break;
    case 'p': case 'n':
      C.Arg = PrintfArg::Pointer;
      break;
    default:
      Malformed = true;
      return false;
    }
    Pos = J + 1;
    return true;
  }
  Pos = Format.size();
  return false;
}

/// Bytes the argument takes in CUDA's `vprintf` buffer (also its alignment).
inline unsigned cudaPrintfSize(PrintfArg A) { return A == PrintfArg::Int32 ? 4 : 8; }

} // namespace ferry

#endif
