//===- ferry-emu-check.cpp - NVVM vs translated AMDGPU, run on the CPU ----===//
///
/// \file
/// `ferry-emu-check in.ll --spec=FILE` runs each kernel the spec names with
/// the same generated inputs under warp-32 NVVM semantics and under the
/// module translated for each AMDGPU target (gfx90a: wave64 with EMU32,
/// gfx1100: wave32 by default), and compares every buffer afterwards:
/// integers bitwise, floating point within 4 ULP (the emulator maps both
/// dialects' math to the host's). A mismatch prints the kernel, the target,
/// the buffer, the first differing element and both values; the exit
/// status is 1. `--amdgpu=FILE` compares against a given AMDGPU module
/// (translated elsewhere, or deliberately broken) instead of translating.
/// `--list` prints the kernels with their parameters. Without `--spec`, a
/// launch is generated for every kernel from its signature (autoSpecs) and
/// printed as spec lines, so a module can be checked without writing one.
///
/// Spec lines (`#` starts a comment), those of the input module only:
///   MODULE KERNEL grid=X[,Y[,Z]] block=X[,Y[,Z]] [shared=BYTES] ARG...
/// MODULE is the input's file name without its extension.
/// with ARG one of `f32[N]`, `f64[N]`, `f16[N]`, `i32[N]`, `i64[N]`, `u8[N]` (a buffer
/// of N generated elements; `=0` after it: zeros; `/sorted`: compared as a
/// multiset, for results whose order depends on the order of atomics;
/// `/any`: not compared, for timings), or a
/// scalar `i32=V`, `i64=V`, `f16=V`, `f32=V`, `f64=V`, or a by-value struct
/// `struct=f32:1.5,i32:100,...` (fields in order, naturally aligned, the end
/// padded to the largest field's alignment as in C). Values are C's
/// literals, within the type's range. Half values compare bitwise.
///
//===----------------------------------------------------------------------===//
#include "ferry/Emu.h"
#include "ferry/DeviceTarget.h"
#include "ferry/Translate.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

using namespace llvm;

namespace {

cl::OptionCategory Category("ferry-emu-check options");

cl::opt<std::string> Input(cl::Positional, cl::desc("<nvvm module .ll/.bc>"), cl::Required,
                           cl::cat(Category));
cl::opt<std::string> SpecFile("spec", cl::desc("kernels, launches and arguments"),
                              cl::cat(Category));
cl::list<std::string> Archs("arch", cl::CommaSeparated,
                            cl::desc("AMDGPU targets (default gfx90a,gfx1100)"), cl::cat(Category));
cl::opt<std::string> AMDGPUModule("amdgpu",
                                  cl::desc("an AMDGPU module to compare instead of translating"),
                                  cl::cat(Category));
cl::opt<bool> List("list", cl::desc("list the kernels and their parameters"), cl::cat(Category));
cl::opt<unsigned> Seed("seed", cl::desc("input generator seed"), cl::init(1), cl::cat(Category));
cl::opt<bool> ReferenceOnly("reference-only",
                            cl::desc("run the NVVM module only (no translation, no comparison)"),
                            cl::cat(Category));
cl::opt<bool> Print("print", cl::desc("print the buffers after the NVVM run"), cl::cat(Category));
cl::opt<unsigned> CodeObjectVersion("code-object-version",
                                    cl::desc("AMDHSA code object version of the translation "
                                             "(4: sizes from the dispatch packet, 5: from "
                                             "hidden arguments)"),
                                    cl::init(5), cl::cat(Category));
cl::opt<bool> ExpectFailure("expect-failure",
                            cl::desc("every launch must fail on every side (device assertions, "
                                     "traps); the failures are printed to stdout"),
                            cl::cat(Category));
cl::opt<bool>
    InputOptimized("input-optimized",
                   cl::desc("The input is clang's optimized NVVM output: the AMD side gets what "
                            "ferry-translate gives such input (its runtime-unrolled loops rolled "
                            "back up; default; =false for unoptimized IR)"),
                   cl::init(true), cl::cat(Category));
cl::opt<bool> CheckMode("check", cl::desc("checking mode: group-memory accesses are checked"),
                        cl::cat(Category));
cl::opt<bool> RaceMode("races",
                       cl::desc("race checking: two work-items writing one global byte (or "
                                "of two work-groups, one reading it) with no barrier or "
                                "device-scope fence between fail the launch"),
                       cl::cat(Category));
cl::opt<bool> RaceReads("race-reads",
                        cl::desc("with --races: reads against writes within a work-group too"),
                        cl::cat(Category));
cl::opt<bool> InputAMDGPU("input-amdgpu",
                          cl::desc("the input is an AMDGPU module for the one --arch (runs with "
                                   "--reference-only; no code object, so no hidden arguments)"),
                          cl::cat(Category));

enum class Elem { F32, F64, I32, I64, U8, F16 };

struct Arg {
  bool Buffer = false;
  Elem E = Elem::I32;
  uint64_t Count = 0;
  bool Zero = false;
  bool Sorted = false;         ///< compared as a multiset (order of atomics)
  bool Any = false;            ///< not compared (timings)
  uint64_t Scalar = 0;         ///< the scalar's bytes
  std::vector<uint8_t> Struct; ///< a by-value struct's bytes (`struct=...`)
};

struct Spec {
  std::string Kernel;
  ferry::emu::Launch L;
  std::vector<Arg> Args;
  unsigned Line = 0;
};

unsigned elemSize(Elem E) {
  return E == Elem::F64 || E == Elem::I64 ? 8 : E == Elem::U8 ? 1 : E == Elem::F16 ? 2 : 4;
}

/// IEEE half bits of \p F, which must be exact in half (the generator's
/// values and spec scalars are).
uint16_t halfBits(float F) {
  if (F == 0)
    return std::signbit(F) ? 0x8000 : 0;
  const uint16_t Sign = F < 0 ? 0x8000 : 0;
  int Exp;
  const float Frac = std::frexp(std::fabs(F), &Exp); // [0.5, 1) * 2^Exp
  const int E = Exp - 1 + 15;
  if (E <= 0) // subnormal
    return Sign | uint16_t(std::ldexp(std::fabs(F), 24));
  return Sign | uint16_t(E << 10) | uint16_t((Frac * 2 - 1) * 1024);
}
const char *elemName(Elem E) {
  return E == Elem::F32   ? "f32"
         : E == Elem::F64 ? "f64"
         : E == Elem::I32 ? "i32"
         : E == Elem::I64 ? "i64"
         : E == Elem::F16 ? "f16"
                          : "u8";
}

bool parseElem(StringRef S, Elem &E) {
  if (S == "f32") E = Elem::F32;
  else if (S == "f64") E = Elem::F64;
  else if (S == "i32") E = Elem::I32;
  else if (S == "i64") E = Elem::I64;
  else if (S == "u8") E = Elem::U8;
  else if (S == "f16") E = Elem::F16;
  else return false;
  return true;
}

bool parseDims(StringRef S, uint32_t Out[3]) {
  SmallVector<StringRef, 3> Parts;
  S.split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3)
    return false;
  for (size_t I = 0; I < 3; ++I) {
    Out[I] = 1;
    if (I < Parts.size() && (Parts[I].getAsInteger(10, Out[I]) || Out[I] == 0))
      return false;
  }
  return true;
}

/// A buffer argument `TYPE[N]`, with `=0` and `/sorted` or `/any` after it
/// (\p Rest: what follows the `[`).
bool parseBuffer(StringRef Type, StringRef Rest, Arg &A) {
  auto [Count, After] = Rest.split(']');
  auto [Init, Mode] = After.split('/');
  if (!parseElem(Type, A.E) || Count.getAsInteger(10, A.Count) || A.Count == 0 ||
      !(Init.empty() || Init == "=0") || !(Mode.empty() || Mode == "sorted" || Mode == "any"))
    return false;
  A.Buffer = true;
  A.Zero = Init == "=0";
  A.Sorted = Mode == "sorted";
  A.Any = Mode == "any";
  return true;
}

/// The bits of \p Value, a number of the scalar type \p E: an integer as C
/// writes it (decimal, 0x hex, 0 octal), signed or unsigned, within the
/// type's range; a floating-point number (or inf, nan) rounded to nearest,
/// not beyond the type's largest. Returns the problem, or "".
std::string parseNumber(StringRef Value, Elem E, uint64_t &Bits) {
  const std::string Quoted = ("'" + Value + "'").str();
  if (E != Elem::F16 && E != Elem::F32 && E != Elem::F64) {
    const unsigned Width = elemSize(E) * 8;
    uint64_t Unsigned;
    int64_t Signed;
    if (!Value.getAsInteger(0, Unsigned)) {
      if (Width < 64 && Unsigned >> Width)
        return Quoted + " is out of range for " + elemName(E);
      Bits = Unsigned;
      return "";
    }
    if (Value.getAsInteger(0, Signed))
      return Quoted + " is not a valid " + elemName(E);
    if (Width < 64 && Signed < -(int64_t(1) << (Width - 1)))
      return Quoted + " is out of range for " + elemName(E);
    Bits = uint64_t(Signed);
    return "";
  }
  APFloat F(E == Elem::F16   ? APFloat::IEEEhalf()
            : E == Elem::F32 ? APFloat::IEEEsingle()
                             : APFloat::IEEEdouble());
  Expected<APFloat::opStatus> Status = F.convertFromString(Value, APFloat::rmNearestTiesToEven);
  if (!Status) {
    consumeError(Status.takeError());
    return Quoted + " is not a valid " + elemName(E);
  }
  if (*Status & APFloat::opOverflow)
    return Quoted + " is out of range for " + elemName(E);
  Bits = F.bitcastToAPInt().getZExtValue();
  return "";
}

/// A by-value struct's \p Fields (`f32:1.5,i32:100,...`, after `struct=`):
/// in order, naturally aligned, and padded at the end to the largest
/// field's alignment, as C lays the struct out. Returns the problem, or "".
std::string parseStruct(StringRef Fields, Arg &A) {
  SmallVector<StringRef, 16> Parts;
  Fields.split(Parts, ',');
  unsigned Alignment = 1;
  for (StringRef F : Parts) {
    auto [T, V] = F.split(':');
    Elem E;
    if (!parseElem(T, E) || V.empty() || E == Elem::U8 || E == Elem::F16)
      return ("bad struct field '" + F + "'").str();
    const unsigned Size = elemSize(E);
    Alignment = std::max(Alignment, Size);
    A.Struct.resize(alignTo(A.Struct.size(), Size));
    uint64_t Bits;
    if (std::string Problem = parseNumber(V, E, Bits); !Problem.empty())
      return ("struct=" + Fields + ": field '" + F + "': " + Problem).str();
    uint8_t Bytes[8];
    std::memcpy(Bytes, &Bits, 8);
    A.Struct.insert(A.Struct.end(), Bytes, Bytes + Size);
  }
  A.Struct.resize(alignTo(A.Struct.size(), Alignment));
  return "";
}

/// A scalar `TYPE=VALUE`. Returns the problem, or "".
std::string parseScalar(StringRef W, Arg &A) {
  auto [T, Value] = W.split('=');
  if (!parseElem(T, A.E) || Value.empty())
    return ("bad argument '" + W + "'").str();
  if (std::string Problem = parseNumber(Value, A.E, A.Scalar); !Problem.empty())
    return (W + ": " + Problem).str();
  return "";
}

/// One argument \p W of a spec line: a buffer, a struct or a scalar.
/// Returns the problem, or "".
std::string parseArg(StringRef W, Arg &A) {
  auto [Type, Rest] = W.split('[');
  if (!Rest.empty())
    return parseBuffer(Type, Rest, A) ? "" : ("bad buffer argument '" + W + "'").str();
  if (W.consume_front("struct="))
    return parseStruct(W, A);
  return parseScalar(W, A);
}

/// The words of a spec line after the module, \p Words (the kernel, then
/// the launch and the arguments), into \p S. Returns the problem, or "".
std::string parseSpecWords(ArrayRef<StringRef> Words, Spec &S) {
  S.Kernel = Words[0].str();
  for (StringRef W : Words.drop_front()) {
    if (W.consume_front("grid=")) {
      if (!parseDims(W, S.L.Grid))
        return ("bad grid '" + W + "'").str();
    } else if (W.consume_front("block=")) {
      if (!parseDims(W, S.L.Block))
        return ("bad block '" + W + "'").str();
    } else if (W.consume_front("shared=")) {
      if (W.getAsInteger(10, S.L.DynamicShared))
        return ("bad shared size '" + W + "'").str();
    } else {
      Arg A;
      std::string Problem = parseArg(W, A);
      if (!Problem.empty())
        return Problem;
      S.Args.push_back(A);
    }
  }
  return "";
}

Expected<std::vector<Spec>> readSpec(StringRef Path, StringRef Module) {
  auto Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return createStringError(Buffer.getError(), "cannot read spec '%s'", Path.str().c_str());
  std::vector<Spec> Specs;
  SmallVector<StringRef, 32> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n');
  for (unsigned N = 0; N < Lines.size(); ++N) {
    StringRef Line = Lines[N].split('#').first.trim();
    if (Line.empty())
      continue;
    SmallVector<StringRef, 16> Words;
    SplitString(Line, Words);
    if (Words[0] != Module)
      continue;
    Spec S;
    S.Line = N + 1;
    const std::string Problem = Words.size() < 2
                                    ? "no kernel named"
                                    : parseSpecWords(ArrayRef<StringRef>(Words).drop_front(), S);
    if (!Problem.empty())
      return createStringError(inconvertibleErrorCode(), "%s:%u: %s", Path.str().c_str(), N + 1,
                               Problem.c_str());
    Specs.push_back(std::move(S));
  }
  if (Specs.empty())
    return createStringError(inconvertibleErrorCode(), "%s has no line for module '%s'",
                             Path.str().c_str(), Module.str().c_str());
  return Specs;
}

/// The element type a pointer parameter is used with: the first load or
/// store reached through GEPs and casts (i32 when none is found).
Elem elemOfPointer(Argument &A) {
  SmallVector<Value *, 8> Work{&A};
  SmallPtrSet<Value *, 16> Seen;
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (User *U : V->users()) {
      Type *T = nullptr;
      if (auto *L = dyn_cast<LoadInst>(U))
        T = L->getType();
      else if (auto *St = dyn_cast<StoreInst>(U); St && St->getPointerOperand() == V)
        T = St->getValueOperand()->getType();
      else if (auto *RMW = dyn_cast<AtomicRMWInst>(U))
        T = RMW->getValOperand()->getType();
      else if (isa<GetElementPtrInst>(U) || isa<AddrSpaceCastInst>(U) || isa<BitCastInst>(U))
        Work.push_back(U);
      if (!T)
        continue;
      if (T->isFloatTy())
        return Elem::F32;
      if (T->isDoubleTy())
        return Elem::F64;
      if (T->isHalfTy() || T->isIntegerTy(16))
        return Elem::F16;
      if (T->isIntegerTy(8))
        return Elem::U8;
      if (T->isIntegerTy(64) || T->isPointerTy())
        return Elem::I64;
      return Elem::I32;
    }
  }
  return Elem::I32;
}

/// A launch per kernel of \p M, from its signature: every pointer a buffer
/// of AutoElements elements of the type it is used with, every integer
/// AutoSize (so 1-, 2- and 3-dimensional sizes stay inside the buffers),
/// floating-point scalars 1.5, by-value structs zeros, and a grid of
/// AutoThreads work-items in blocks of 128.
std::vector<Spec> autoSpecs(Module &M) {
  constexpr unsigned AutoSize = 32, AutoElements = AutoSize * AutoSize * AutoSize,
                     AutoThreads = 1024;
  std::vector<Spec> Specs;
  SmallPtrSet<Function *, 8> Kernels;
  if (NamedMDNode *N = M.getNamedMetadata("nvvm.annotations"))
    for (MDNode *Op : N->operands())
      if (Op->getNumOperands() >= 3)
        if (auto *F = mdconst::dyn_extract_or_null<Function>(Op->getOperand(0)))
          if (auto *K = dyn_cast<MDString>(Op->getOperand(1)); K && K->getString() == "kernel")
            Kernels.insert(F);
  for (Function &F : M) {
    if (F.isDeclaration() ||
        !(Kernels.count(&F) || F.getCallingConv() == CallingConv::PTX_Kernel))
      continue;
    Spec S;
    S.Kernel = F.getName().str();
    S.L.Block[0] = 128;
    S.L.Grid[0] = AutoThreads / 128;
    for (Argument &A : F.args()) {
      Arg Ar;
      Type *T = A.getType();
      if (Type *ByVal = A.getParamByValType()) {
        Ar.Struct.assign(M.getDataLayout().getTypeAllocSize(ByVal), 0);
      } else if (T->isPointerTy()) {
        Ar.Buffer = true;
        Ar.E = elemOfPointer(A);
        Ar.Count = AutoElements;
      } else if (T->isFloatTy() || T->isDoubleTy() || T->isHalfTy()) {
        Ar.E = T->isFloatTy() ? Elem::F32 : T->isDoubleTy() ? Elem::F64 : Elem::F16;
        if (Ar.E == Elem::F32) {
          float X = 1.5f;
          std::memcpy(&Ar.Scalar, &X, 4);
        } else if (Ar.E == Elem::F64) {
          double X = 1.5;
          std::memcpy(&Ar.Scalar, &X, 8);
        } else {
          Ar.Scalar = 0x3e00; // 1.5
        }
      } else if (T->isIntegerTy()) {
        Ar.E = T->getIntegerBitWidth() > 32 ? Elem::I64 : Elem::I32;
        Ar.Scalar = AutoSize;
      } else {
        Ar.Struct.assign(M.getDataLayout().getTypeAllocSize(T), 0);
      }
      S.Args.push_back(Ar);
    }
    Specs.push_back(std::move(S));
  }
  return Specs;
}

/// \p S as a spec line.
std::string specLine(StringRef Module, const Spec &S) {
  std::string L = (Module + " " + S.Kernel + " grid=" + Twine(S.L.Grid[0]) +
                   " block=" + Twine(S.L.Block[0]))
                      .str();
  for (const Arg &A : S.Args) {
    L += " ";
    if (A.Buffer) {
      L += std::string(elemName(A.E)) + "[" + std::to_string(A.Count) + "]";
    } else if (!A.Struct.empty()) {
      // Zeros, as i32 fields (plus the bytes the spec cannot name).
      L += "struct=";
      for (size_t I = 0; I + 4 <= A.Struct.size(); I += 4)
        L += std::string(I ? "," : "") + "i32:0";
      if (A.Struct.size() % 4)
        L += "(+" + std::to_string(A.Struct.size() % 4) + " bytes)";
    } else if (A.E == Elem::F32 || A.E == Elem::F64 || A.E == Elem::F16) {
      L += std::string(elemName(A.E)) + "=1.5";
    } else {
      L += std::string(elemName(A.E)) + "=" + std::to_string(A.Scalar);
    }
  }
  return L;
}

/// Generated buffers: small values, so that kernels that index with their
/// inputs stay in bounds and floating-point sums stay exact enough.
std::vector<std::vector<uint8_t>> makeInputs(const Spec &S, unsigned SeedValue) {
  std::mt19937_64 Gen(SeedValue * 7919 + std::hash<std::string>()(S.Kernel));
  std::vector<std::vector<uint8_t>> Buffers;
  for (const Arg &A : S.Args) {
    if (!A.Buffer) {
      if (!A.Struct.empty()) {
        Buffers.push_back(A.Struct);
        continue;
      }
      Buffers.emplace_back(8);
      std::memcpy(Buffers.back().data(), &A.Scalar, 8);
      continue;
    }
    std::vector<uint8_t> B(A.Count * elemSize(A.E), 0);
    if (!A.Zero)
      for (uint64_t I = 0; I < A.Count; ++I) {
        const uint64_t R = Gen();
        uint8_t *P = B.data() + I * elemSize(A.E);
        switch (A.E) {
        case Elem::F32: {
          float F = float(int(R % 2001) - 1000) / 64.0f;
          std::memcpy(P, &F, 4);
          break;
        }
        case Elem::F64: {
          double D = double(int64_t(R % 200001) - 100000) / 1024.0;
          std::memcpy(P, &D, 8);
          break;
        }
        case Elem::I32: {
          uint32_t V = uint32_t(R % 64);
          std::memcpy(P, &V, 4);
          break;
        }
        case Elem::I64: {
          uint64_t V = R % 64;
          std::memcpy(P, &V, 8);
          break;
        }
        case Elem::U8:
          *P = uint8_t(R);
          break;
        case Elem::F16: {
          uint16_t H = halfBits(float(int(R % 1025) - 512) / 64.0f);
          std::memcpy(P, &H, 2);
          break;
        }
        }
      }
    Buffers.push_back(std::move(B));
  }
  return Buffers;
}

Expected<std::vector<std::vector<uint8_t>>> runOne(ferry::emu::Program &P, const Spec &S,
                                                    unsigned SeedValue) {
  auto Params = P.parameters(S.Kernel);
  if (!Params)
    return Params.takeError();
  if (Params->size() != S.Args.size())
    return createStringError(inconvertibleErrorCode(),
                             "spec line %u: kernel '%s' takes %zu arguments, the spec gives %zu",
                             S.Line, S.Kernel.c_str(), Params->size(), S.Args.size());
  std::vector<std::vector<uint8_t>> Buffers = makeInputs(S, SeedValue);
  std::vector<void *> Pointers(S.Args.size());
  std::vector<const void *> Values(S.Args.size());
  for (size_t I = 0; I < S.Args.size(); ++I) {
    if ((*Params)[I].second != S.Args[I].Buffer)
      return createStringError(inconvertibleErrorCode(),
                               "spec line %u: argument %zu of '%s' is %s", S.Line, I + 1,
                               S.Kernel.c_str(),
                               (*Params)[I].second ? "a pointer" : "not a pointer");
    if (!S.Args[I].Struct.empty() && S.Args[I].Struct.size() != (*Params)[I].first)
      return createStringError(inconvertibleErrorCode(),
                               "spec line %u: argument %zu of '%s' is a %u-byte struct, the "
                               "spec gives %zu bytes",
                               S.Line, I + 1, S.Kernel.c_str(), (*Params)[I].first,
                               S.Args[I].Struct.size());
    if (S.Args[I].Buffer) {
      Pointers[I] = Buffers[I].data();
      Values[I] = &Pointers[I];
    } else {
      Values[I] = Buffers[I].data();
    }
  }
  std::vector<std::pair<const void *, uint64_t>> Memory;
  for (size_t I = 0; I < S.Args.size(); ++I)
    if (S.Args[I].Buffer)
      Memory.push_back({Buffers[I].data(), Buffers[I].size()});
  ferry::emu::Launch L = S.L;
  L.Memory = &Memory;
  if (Error E = P.run(S.Kernel, L, Values))
    return std::move(E);
  return Buffers;
}

/// Units in the last place between two floats of the same sign.
bool closeEnough(double A, double B, Elem E) {
  if (A == B || (std::isnan(A) && std::isnan(B)))
    return true;
  const double Ulp = E == Elem::F32 ? std::ldexp(1.0, -23) : std::ldexp(1.0, -52);
  return std::fabs(A - B) <= 4 * Ulp * std::max(std::fabs(A), std::fabs(B));
}

/// One floating-point element of each run: equal within 4 ULP; \p RS and
/// \p GS receive both values.
template <class T>
bool compareFloat(const uint8_t *R, const uint8_t *G, Elem E, std::string &RS, std::string &GS) {
  T X, Y;
  std::memcpy(&X, R, sizeof X);
  std::memcpy(&Y, G, sizeof Y);
  RS = std::to_string(X);
  GS = std::to_string(Y);
  return closeEnough(X, Y, E);
}

/// The first element that differs, described; "" when none does.
/// A buffer's elements in ascending order of their bytes (for `/sorted`).
std::vector<uint8_t> sortedElements(const std::vector<uint8_t> &B, unsigned Size) {
  std::vector<std::vector<uint8_t>> Elements;
  for (size_t K = 0; K + Size <= B.size(); K += Size)
    Elements.emplace_back(B.begin() + K, B.begin() + K + Size);
  std::sort(Elements.begin(), Elements.end());
  std::vector<uint8_t> Out;
  for (const auto &E : Elements)
    Out.insert(Out.end(), E.begin(), E.end());
  return Out;
}

std::string compare(const Spec &S, const std::vector<std::vector<uint8_t>> &RefIn,
                    const std::vector<std::vector<uint8_t>> &GotIn) {
  std::vector<std::vector<uint8_t>> Ref = RefIn, Got = GotIn;
  for (size_t I = 0; I < S.Args.size(); ++I)
    if (S.Args[I].Buffer && S.Args[I].Sorted) {
      Ref[I] = sortedElements(Ref[I], elemSize(S.Args[I].E));
      Got[I] = sortedElements(Got[I], elemSize(S.Args[I].E));
    }
  for (size_t I = 0; I < S.Args.size(); ++I) {
    const Arg &A = S.Args[I];
    if (!A.Buffer || A.Any)
      continue;
    for (uint64_t K = 0; K < A.Count; ++K) {
      const uint8_t *R = Ref[I].data() + K * elemSize(A.E), *G = Got[I].data() + K * elemSize(A.E);
      std::string RS, GS;
      bool Same;
      switch (A.E) {
      case Elem::F32:
        Same = compareFloat<float>(R, G, A.E, RS, GS);
        break;
      case Elem::F64:
        Same = compareFloat<double>(R, G, A.E, RS, GS);
        break;
      default: {
        uint64_t X = 0, Y = 0;
        std::memcpy(&X, R, elemSize(A.E));
        std::memcpy(&Y, G, elemSize(A.E));
        Same = X == Y;
        RS = std::to_string(A.E == Elem::I32 ? int64_t(int32_t(X)) : int64_t(X));
        GS = std::to_string(A.E == Elem::I32 ? int64_t(int32_t(Y)) : int64_t(Y));
        break;
      }
      }
      if (!Same)
        return "argument " + std::to_string(I + 1) + " (" + elemName(A.E) + "[" +
               std::to_string(A.Count) + "]) element " + std::to_string(K) + ": NVVM " + RS +
               ", AMDGPU " + GS;
    }
  }
  return "";
}

/// `KERNEL argN: v0 v1 ...` for each buffer (at most 64 elements).
void printBuffers(const Spec &S, const std::vector<std::vector<uint8_t>> &B) {
  for (size_t I = 0; I < S.Args.size(); ++I) {
    const Arg &A = S.Args[I];
    if (!A.Buffer)
      continue;
    outs() << S.Kernel << " arg" << I + 1 << ":";
    for (uint64_t K = 0; K < std::min<uint64_t>(A.Count, 64); ++K) {
      const uint8_t *P = B[I].data() + K * elemSize(A.E);
      if (A.E == Elem::F32) {
        float F;
        std::memcpy(&F, P, 4);
        outs() << " " << F;
      } else if (A.E == Elem::F64) {
        double D;
        std::memcpy(&D, P, 8);
        outs() << " " << D;
      } else if (A.E == Elem::I32) {
        int32_t V;
        std::memcpy(&V, P, 4);
        outs() << " " << V;
      } else if (A.E == Elem::U8) {
        outs() << " " << unsigned(*P);
      } else {
        int64_t V;
        std::memcpy(&V, P, 8);
        outs() << " " << V;
      }
    }
    outs() << "\n";
  }
}

std::unique_ptr<Module> load(StringRef Path, LLVMContext &Ctx) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx);
  if (!M)
    Err.print("ferry-emu-check", errs());
  return M;
}

/// The buffers of one launch after it ran.
using LaunchBuffers = std::vector<std::vector<uint8_t>>;

/// The command line's values, kept: lld, which compiling a code object runs
/// in process, resets every command-line option of the process.
struct CheckOptions {
  std::string InputPath, SpecPath, AMDGPUPath;
  bool DoList, DoReferenceOnly, DoPrint;
  unsigned SeedValue;
  bool DoCheck, DoExpectFailure, DoRaces, DoRaceReads, DoInputAMDGPU, DoInputOptimized;
  unsigned COV;
  std::vector<std::string> Targets;
};

/// The options as parsed, before anything runs lld.
CheckOptions keepCommandLine() {
  CheckOptions O;
  O.InputPath = Input;
  O.SpecPath = SpecFile;
  O.AMDGPUPath = AMDGPUModule;
  O.DoList = List;
  O.DoReferenceOnly = ReferenceOnly;
  O.DoPrint = Print;
  O.SeedValue = Seed;
  O.DoCheck = CheckMode;
  O.DoExpectFailure = ExpectFailure;
  O.DoRaces = RaceMode;
  O.DoRaceReads = RaceReads;
  O.DoInputAMDGPU = InputAMDGPU;
  O.DoInputOptimized = InputOptimized;
  O.COV = CodeObjectVersion;
  O.Targets.assign(Archs.begin(), Archs.end());
  return O;
}

/// Prints \p E as the tool's error; the exit status for it (2).
int reportError(Error E) {
  errs() << "ferry-emu-check: " << toString(std::move(E)) << "\n";
  return 2;
}

/// The emulator options of the reference run (the NVVM module, or with
/// --input-amdgpu the AMDGPU module for the one --arch).
Expected<ferry::emu::Options> referenceOptions(const CheckOptions &Opts) {
  ferry::emu::Options NVVMOptions;
  NVVMOptions.Check = Opts.DoCheck;
  NVVMOptions.RaceCheck = Opts.DoRaces;
  NVVMOptions.RaceCheckReads = Opts.DoRaceReads;
  // Generated inputs have the sizes the spec gives: a kernel that indexes
  // past them is reported, naming the access, instead of writing over the
  // checker's own memory.
  NVVMOptions.BoundsCheck = true;
  if (Opts.DoInputAMDGPU) {
    if (Opts.Targets.size() != 1 || !Opts.DoReferenceOnly)
      return createStringError(inconvertibleErrorCode(),
                               "--input-amdgpu needs one --arch and --reference-only");
    NVVMOptions.Kind = ferry::emu::Dialect::AMDGPU;
    NVVMOptions.Arch = Opts.Targets[0];
  }
  return NVVMOptions;
}

/// --list: prints each kernel of \p NVVM with its parameters; the exit
/// status.
int listKernels(const Module &NVVM) {
  auto P = ferry::emu::Program::create(CloneModule(NVVM), {});
  if (!P)
    return reportError(P.takeError());
  for (const std::string &K : (*P)->kernels()) {
    outs() << K << ":";
    for (auto [Size, Pointer] : cantFail((*P)->parameters(K)))
      outs() << " " << (Pointer ? "ptr" : "value") << "(" << Size << ")";
    outs() << "\n";
  }
  return 0;
}

/// The launches to check: those of the spec file, or without one a launch
/// per kernel from its signature, printed so that it can be kept (and
/// edited) as a spec file.
Expected<std::vector<Spec>> launchesToCheck(Module &NVVM, const CheckOptions &Opts) {
  if (!Opts.SpecPath.empty())
    return readSpec(Opts.SpecPath, sys::path::stem(Opts.InputPath));
  std::vector<Spec> Specs = autoSpecs(NVVM);
  if (Specs.empty())
    return createStringError(inconvertibleErrorCode(), "%s has no kernels", Opts.InputPath.c_str());
  for (const Spec &S : Specs)
    outs() << "auto: " << specLine(sys::path::stem(Opts.InputPath), S) << "\n";
  return Specs;
}

/// Runs each launch of \p Specs once on the reference program, whose
/// results every target is compared with; into \p Results, one per launch
/// (empty for a launch that failed). The exit status so far: 1 when a launch
/// failed (or, with --expect-failure, succeeded).
int runReference(ferry::emu::Program &Reference, ArrayRef<Spec> Specs, const CheckOptions &Opts,
                 std::vector<LaunchBuffers> &Results) {
  int Status = 0;
  for (const Spec &S : Specs) {
    auto Ref = runOne(Reference, S, Opts.SeedValue);
    if (Opts.DoExpectFailure) {
      if (Ref) {
        outs() << "UNEXPECTED SUCCESS " << S.Kernel << " (NVVM)\n";
        Status = 1;
      } else {
        outs() << "failed as expected: " << S.Kernel << " (NVVM): " << toString(Ref.takeError())
               << "\n";
      }
      Results.emplace_back();
      continue;
    }
    if (!Ref) {
      errs() << "ferry-emu-check: " << S.Kernel << ": " << toString(Ref.takeError()) << "\n";
      Status = 1;
      Results.emplace_back();
      continue;
    }
    if (Opts.DoPrint)
      printBuffers(S, *Ref);
    Results.push_back(std::move(*Ref));
  }
  return Status;
}

/// The program to compare on AMD processor \p Arch: \p NVVM translated for
/// it (or the --amdgpu module), with its code object. Null when it cannot be
/// made, the error printed.
std::unique_ptr<ferry::emu::Program> translatedProgram(const std::string &Arch, Module &NVVM,
                                                       LLVMContext &Ctx, const CheckOptions &Opts) {
  auto Fail = [](Error E) -> std::unique_ptr<ferry::emu::Program> {
    reportError(std::move(E));
    return nullptr;
  };
  ferry::DeviceOptions DO;
  DO.CodeObjectVersion = Opts.COV;
  DO.InputOptimized = Opts.DoInputOptimized;
  auto Target = ferry::DeviceTarget::create(Arch, DO);
  if (!Target)
    return Fail(Target.takeError());
  if ((*Target)->vendor() != ferry::Vendor::AMD)
    return Fail(createStringError(inconvertibleErrorCode(),
                                  "'%s' is not an AMD processor (the emulator runs "
                                  "AMD code objects)",
                                  Arch.c_str()));
  auto Object = (*Target)->compile(NVVM, ferry::ImageKind::CodeObject);
  if (!Object)
    return Fail(Object.takeError());
  std::unique_ptr<Module> AMD;
  if (!Opts.AMDGPUPath.empty()) {
    AMD = load(Opts.AMDGPUPath, Ctx);
    if (!AMD)
      return nullptr;
  } else {
    auto Bitcode = (*Target)->compile(NVVM, ferry::ImageKind::TranslatedIR);
    if (!Bitcode)
      return Fail(Bitcode.takeError());
    auto Parsed = parseBitcodeFile(MemoryBufferRef(*Bitcode, Arch), Ctx);
    if (!Parsed)
      return Fail(Parsed.takeError());
    AMD = std::move(*Parsed);
  }
  ferry::emu::Options O;
  O.Kind = ferry::emu::Dialect::AMDGPU;
  O.Arch = Arch;
  O.CodeObject = *Object;
  O.Check = Opts.DoCheck;
  O.RaceCheck = Opts.DoRaces;
  O.RaceCheckReads = Opts.DoRaceReads;
  O.BoundsCheck = true;
  auto Translated = ferry::emu::Program::create(std::move(AMD), O);
  if (!Translated)
    return Fail(Translated.takeError());
  return std::move(*Translated);
}

/// Runs each launch of \p Specs on \p Translated, the program for \p Arch,
/// and compares its buffers with the reference run's \p RefResults,
/// printing each mismatch; 1 when one launch differs or fails (or, with
/// --expect-failure, succeeds), 0 otherwise.
int checkTarget(ferry::emu::Program &Translated, const std::string &Arch, ArrayRef<Spec> Specs,
                const std::vector<LaunchBuffers> &RefResults, const CheckOptions &Opts) {
  int Status = 0;
  for (size_t I = 0; I < Specs.size(); ++I) {
    const Spec &S = Specs[I];
    auto Got = runOne(Translated, S, Opts.SeedValue);
    if (Opts.DoExpectFailure) {
      if (Got) {
        outs() << "UNEXPECTED SUCCESS " << S.Kernel << " on " << Arch << "\n";
        Status = 1;
      } else {
        outs() << "failed as expected: " << S.Kernel << " on " << Arch << ": "
               << toString(Got.takeError()) << "\n";
      }
      continue;
    }
    if (!Got) {
      errs() << "ferry-emu-check: " << S.Kernel << " on " << Arch << ": "
             << toString(Got.takeError()) << "\n";
      Status = 1;
      continue;
    }
    if (Opts.DoPrint) {
      outs() << "[" << Arch << "] ";
      printBuffers(S, *Got);
    }
    std::string Diff = compare(S, RefResults[I], *Got);
    if (!Diff.empty()) {
      outs() << "MISMATCH " << S.Kernel << " on " << Arch << ": " << Diff << "\n";
      Status = 1;
    }
  }
  return Status;
}

} // namespace

int main(int argc, char **argv) {
  ferry::installFatalErrorHandler();
  // --help lists this tool's options, not every option LLVM registers
  // (those still work; --help-hidden lists them).
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(argc, argv, "ferry-emu-check: NVVM vs AMDGPU on the CPU\n");
  CheckOptions Opts = keepCommandLine();
  Expected<ferry::emu::Options> NVVMOptions = referenceOptions(Opts);
  if (!NVVMOptions)
    return reportError(NVVMOptions.takeError());
  LLVMContext Ctx;
  std::unique_ptr<Module> NVVM = load(Opts.InputPath, Ctx);
  if (!NVVM)
    return 2;
  if (Opts.DoList)
    return listKernels(*NVVM);
  Expected<std::vector<Spec>> Specs = launchesToCheck(*NVVM, Opts);
  if (!Specs)
    return reportError(Specs.takeError());
  if (Opts.Targets.empty())
    Opts.Targets = {"gfx90a", "gfx1100"};
  if (!Opts.AMDGPUPath.empty() && Opts.Targets.size() != 1) {
    errs() << "ferry-emu-check: --amdgpu needs exactly one --arch (the module's)\n";
    return 2;
  }

  auto Reference = ferry::emu::Program::create(CloneModule(*NVVM), *NVVMOptions);
  if (!Reference)
    return reportError(Reference.takeError());
  std::vector<LaunchBuffers> RefResults;
  int Status = runReference(**Reference, *Specs, Opts, RefResults);
  if (Opts.DoReferenceOnly)
    return Status;
  if (Status)
    return 2; // nothing to compare with
  for (const std::string &Arch : Opts.Targets) {
    std::unique_ptr<ferry::emu::Program> Translated = translatedProgram(Arch, *NVVM, Ctx, Opts);
    if (!Translated)
      return 2;
    if (checkTarget(*Translated, Arch, *Specs, RefResults, Opts))
      Status = 1;
  }
  return Status;
}
