//===- DevicePrintfTest.cpp - Printing the records of device printf -------===//
///
/// \file
/// The printf buffer's records (core/DevicePrintf.h) as the ROCm device
/// libraries' buffered printf lays them out, built by hand here, and the
/// code objects Ferry makes from test/translate/corpus/src/device_printf.cu
/// (v4 and v5): their amdhsa.printf formats and the hidden_printf_buffer
/// argument the dispatcher fills.
///
//===----------------------------------------------------------------------===//
#include "core/DevicePrintf.h"
#include "hsa/KernelArgs.h"

#include "TestImages.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace ferry;

namespace {

/// Builds records the way emitAMDGPUPrintfCall does.
class RecordWriter {
public:
  /// Starts a record; \p Hash of a constant format, or an inline format.
  void begin(bool Stderr, uint64_t Hash) {
    Start = Bytes.size();
    word32(Stderr ? 3 : 2);
    word64(Hash);
  }
  void beginInline(const std::string &Format) {
    Start = Bytes.size();
    word32(0);
    string(Format);
  }
  void int32(int32_t V) { word64(uint64_t(uint32_t(V))); } // zero-extended
  void int64(int64_t V) { word64(uint64_t(V)); }
  void real(double D) {
    uint64_t Bits;
    std::memcpy(&Bits, &D, 8);
    word64(Bits);
  }
  void string(const std::string &S) {
    Bytes.insert(Bytes.end(), S.begin(), S.end());
    Bytes.resize(Bytes.size() + 1 + (8 - (S.size() + 1) % 8) % 8, 0);
  }
  /// Ends the record: its size in the control word.
  void end() {
    uint32_t Control;
    std::memcpy(&Control, Bytes.data() + Start, 4);
    Control |= uint32_t(Bytes.size() - Start) << 2;
    std::memcpy(Bytes.data() + Start, &Control, 4);
  }
  std::vector<uint8_t> Bytes;

private:
  void word32(uint32_t V) { append(&V, 4); }
  void word64(uint64_t V) { append(&V, 8); }
  void append(const void *P, size_t N) {
    const auto *B = static_cast<const uint8_t *>(P);
    Bytes.insert(Bytes.end(), B, B + N);
  }
  size_t Start = 0;
};

void addFormats(PrintfFormatTable &T) {
  EXPECT_EQ(T.add({"0:0:1a2b,[%c] %d %u %lld|%*d|%-6.2f|%s|%%\n", "0:0:ff,to stderr %x\n",
                   "0:0:0,%Lf %hhd %zu %p %n.\n"}),
            "");
}

TEST(DevicePrintfTest, FormatsEveryArgumentClass) {
  RecordWriter W;
  W.begin(false, 0x1a2b);
  W.int32('A');
  W.int32(-5); // %d of a negative int: zero-extended in its slot
  W.int32(-1); // %u
  W.int64(-1234567890123);
  W.int32(6); // * width
  W.int32(42);
  W.real(3.14159);
  W.string("a string longer than eight bytes");
  W.end();
  W.begin(true, 0xff);
  W.int32(255);
  W.end();
  W.beginInline("inline %s and %d\n");
  W.string("s");
  W.int32(7);
  W.end();
  W.begin(false, 0);
  W.real(0.5);
  W.int32(-3);
  W.int64(10);
  W.int64(0);
  W.int64(0x1234); // %n: nothing printed
  W.end();
  PrintfFormatTable T;
  addFormats(T);
  std::string Out, Err;
  EXPECT_EQ(formatPrintfRecords(W.Bytes.data(), W.Bytes.size(), T, Out, Err), "");
  EXPECT_EQ(Out, "[A] -5 4294967295 -1234567890123|    42|3.14  |a string longer than eight "
                 "bytes|%\ninline s and 7\n0.500000 -3 10 (nil) .\n");
  EXPECT_EQ(Err, "to stderr ff\n");
}

TEST(DevicePrintfTest, ReportsBadRecords) {
  PrintfFormatTable T;
  addFormats(T);
  std::string Out, Err;
  RecordWriter Unknown;
  Unknown.begin(false, 0x999);
  Unknown.end();
  EXPECT_NE(formatPrintfRecords(Unknown.Bytes.data(), Unknown.Bytes.size(), T, Out, Err)
                .find("format hash 999, which no loaded code object lists"),
            std::string::npos);

  RecordWriter Short; // the format converts more than the record holds
  Short.begin(true, 0xff);
  Short.end();
  EXPECT_NE(formatPrintfRecords(Short.Bytes.data(), Short.Bytes.size(), T, Out, Err)
                .find("fewer arguments than its format"),
            std::string::npos);

  RecordWriter Long; // a size past what was written
  Long.begin(true, 0xff);
  Long.int32(1);
  Long.end();
  Long.Bytes.resize(Long.Bytes.size() - 4);
  EXPECT_NE(formatPrintfRecords(Long.Bytes.data(), Long.Bytes.size(), T, Out, Err)
                .find("runs past the"),
            std::string::npos);

  PrintfFormatTable Bad;
  EXPECT_EQ(Bad.add({"no colons"}), "malformed amdhsa.printf entry 'no colons'");
  EXPECT_EQ(Bad.add({"0:0:xyz,%d"}), "malformed amdhsa.printf entry '0:0:xyz,%d'");
}

TEST(DevicePrintfTest, BufferHeaderBoundsTheRecords) {
  uint8_t Buffer[64];
  resetPrintfBuffer(Buffer, sizeof Buffer);
  EXPECT_EQ(printfRecordBytes(Buffer, sizeof Buffer), 0u);
  const uint32_t Used = 1000; // a corrupt used word: bounded by the buffer
  std::memcpy(Buffer, &Used, 4);
  EXPECT_EQ(printfRecordBytes(Buffer, sizeof Buffer), sizeof Buffer - PrintfBufferHeader);
  EXPECT_EQ(printfRecordBytes(Buffer, 4), 0u);
}

/// The kernel of device_printf.cu, and the formats of its code object.
SymbolInfo printfKernel(const std::string &Image, std::vector<std::string> &Formats) {
  std::string Bytes = readTestImage(Image);
  ImageIndex I;
  EXPECT_EQ(indexImage(Bytes.data(), Bytes.size(), I), "");
  Formats = I.PrintfFormats;
  for (const SymbolInfo &S : I.Symbols)
    if (S.Kind == FERRY_SYMBOL_KERNEL)
      return S;
  ADD_FAILURE() << "no kernel in " << Image;
  return {};
}

TEST(DevicePrintfTest, CodeObjectsNameFormatsAndBuffer) {
  for (const char *Image : {"printf.cov4.hsaco", "printf.cov5.hsaco"}) {
    SCOPED_TRACE(Image);
    std::vector<std::string> Formats;
    const SymbolInfo K = printfKernel(Image, Formats);
    // One entry per call: the format of the inlined device function twice.
    ASSERT_EQ(Formats.size(), 4u);
    PrintfFormatTable T;
    EXPECT_EQ(T.add(Formats), "");
    const KernelArgDesc *Buffer = nullptr;
    uint64_t FirstHidden = UINT64_MAX;
    for (const KernelArgDesc &A : K.Args) {
      if (A.ValueKind == "hidden_printf_buffer")
        Buffer = &A;
      if (isHiddenArg(A))
        FirstHidden = std::min(FirstHidden, A.Offset);
    }
    ASSERT_NE(Buffer, nullptr);
    // The device libraries read it at implicit argument 3 (v4) or 9 (v5).
    EXPECT_EQ(Buffer->Offset - FirstHidden,
              std::string(Image).find("cov4") != std::string::npos ? 24u : 72u);
    const float *X = nullptr;
    int *Status = nullptr;
    long long Big = 0;
    int Tag = 0;
    void *Values[] = {&X, &Status, &Big, &Tag};
    DispatchGeometry G;
    G.PrintfBuffer = 0x5eed0000;
    std::vector<uint8_t> Segment;
    ASSERT_EQ(fillKernargs(K, Values, G, Segment), "");
    uint64_t Filled;
    std::memcpy(&Filled, Segment.data() + Buffer->Offset, 8);
    EXPECT_EQ(Filled, 0x5eed0000u);
  }
}

} // namespace
