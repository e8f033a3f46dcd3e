//===- DevicePrintf.h - Printing what device printf wrote -------*- C++ -*-===//
///
/// \file
/// AMD kernels translated by Ferry write device printf (CUDA's `vprintf`)
/// and assert messages into a printf buffer, as the ROCm device libraries'
/// buffered printf does: the kernel's `hidden_printf_buffer` argument points
/// at a buffer whose first two 32-bit words are the bytes used and the
/// buffer's size; `__printf_alloc` reserves each record after them. A record
/// is a control word (bit 0: stderr, bit 1: constant format, bits 2-31: the
/// record's size in bytes), then the low 64 bits of the MD5 of the format
/// string (or the string itself, NUL-terminated and padded to 8 bytes), then
/// one 8-byte slot per argument (integers zero-extended, float as double),
/// strings inline and padded to 8 bytes. The code object's `amdhsa.printf`
/// metadata lists "0:0:<hash in hex>,<format>" per format string.
///
/// The HSA backend and the emulator print a queue's records once its work
/// has completed. LLVM-free: shared by the runtime and libferry-emu.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_DEVICEPRINTF_H
#define FERRY_RUNTIME_CORE_DEVICEPRINTF_H

#include "ferry/PrintfFormat.h"

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ferry {

/// Bytes before the first record: the used and the capacity words.
inline constexpr size_t PrintfBufferHeader = 8;

/// Prepares \p Buffer (\p Bytes long, at least the header) for a dispatch:
/// nothing used, the rest available.
void resetPrintfBuffer(void *Buffer, uint32_t Bytes);

/// The format strings of the loaded code objects, by the hash their records
/// carry. Thread-safe.
class PrintfFormatTable {
public:
  /// Adds the entries of one code object's `amdhsa.printf`. Returns "" or
  /// the first entry that is not "0:0:<hex>,<format>".
  std::string add(const std::vector<std::string> &Entries);
  /// The format of \p Hash, or "" (with \p Found false).
  std::string find(uint64_t Hash, bool &Found) const;

private:
  mutable std::mutex Mutex;
  std::unordered_map<uint64_t, std::string> ByHash;
};

/// Where the arguments of one printf call come from.
class PrintfArgSource {
public:
  virtual ~PrintfArgSource() = default;
  /// The next argument of kind \p Kind (not String); false when there is none.
  virtual bool scalar(PrintfArg Kind, uint64_t &Bits) = 0;
  /// The next argument, a string; false when there is none.
  virtual bool string(std::string &Out) = 0;
};

/// Formats one printf call: \p Format with the arguments of \p Args, as the
/// C library would. Returns false (with what was formatted so far) when the
/// arguments run out.
bool formatPrintf(std::string_view Format, PrintfArgSource &Args, std::string &Out);

/// Formats every record of a printf buffer's \p Used bytes of records
/// (after the header): stdout text to \p Stdout, stderr text to \p Stderr.
/// Returns "" or what is wrong with a record (an unknown format hash, a
/// record past the end); the records before it are formatted.
std::string formatPrintfRecords(const uint8_t *Records, size_t Used,
                                const PrintfFormatTable &Formats, std::string &Stdout,
                                std::string &Stderr);

/// The records a buffer holds (its used word, bounded by its capacity), or
/// 0 for a buffer whose header is not one.
size_t printfRecordBytes(const void *Buffer, size_t BufferBytes);

/// Formats and prints the records of \p Buffer (a whole buffer, header
/// included) to stdout/stderr, then resets it for the next dispatch.
/// Returns "" or what was wrong with a record.
std::string printPrintfBuffer(void *Buffer, uint32_t BufferBytes,
                              const PrintfFormatTable &Formats);

} // namespace ferry

#endif
