//===- TranslateTarget.cpp - The AMDGPU target of a translation -----------===//
///
/// \file
/// Target-ID parsing on top of LLVM's AMDGPU target parser.
///
//===----------------------------------------------------------------------===//
#include "TranslateTarget.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/TargetParser/TargetParser.h"

using namespace llvm;

namespace ferry {

static Error fail(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

Expected<TranslateTarget> TranslateTarget::resolve(const TargetOptions &Opts) {
  TranslateTarget T;
  SmallVector<StringRef, 4> Parts;
  StringRef(Opts.Arch).split(Parts, ':');
  T.Processor = Parts[0].str();
  AMDGPU::GPUKind Kind = AMDGPU::parseArchAMDGCN(Parts[0]);
  if (Kind == AMDGPU::GK_NONE)
    return fail("unknown AMDGPU processor '" + Parts[0] +
                "' in target '" + Opts.Arch + "' (e.g. gfx90a, gfx942, "
                "gfx1030, gfx1100)");
  unsigned Attrs = AMDGPU::getArchAttrAMDGCN(Kind);
  for (StringRef F : ArrayRef<StringRef>(Parts).drop_front()) {
    bool On = F.ends_with("+");
    if (!On && !F.ends_with("-"))
      return fail("target feature '" + F + "' in '" + Opts.Arch +
                  "' must end in '+' or '-'");
    StringRef Name = F.drop_back();
    if ((Name == "xnack" && T.Xnack) || (Name == "sramecc" && T.Sramecc))
      return fail("target feature '" + Name + "' appears twice in '" + Opts.Arch + "'");
    if (Name == "xnack" && (Attrs & AMDGPU::FEATURE_XNACK))
      T.Xnack = On;
    else if (Name == "sramecc" && (Attrs & AMDGPU::FEATURE_SRAMECC))
      T.Sramecc = On;
    else
      return fail("target feature '" + Name + "' is not supported by " +
                  T.Processor + " (target '" + Opts.Arch + "')");
  }
  // The canonical target ID lists features in alphabetical order.
  T.TargetID = T.Processor;
  if (T.Sramecc)
    T.TargetID += std::string(":sramecc") + (*T.Sramecc ? "+" : "-");
  if (T.Xnack)
    T.TargetID += std::string(":xnack") + (*T.Xnack ? "+" : "-");

  const bool HasWave32 = Attrs & AMDGPU::FEATURE_WAVE32;
  switch (Opts.Wave) {
  case WaveMode::Auto:
    T.Warp = HasWave32 ? WarpStrategy::Wave32 : WarpStrategy::Emu32;
    break;
  case WaveMode::Wave32:
    if (!HasWave32)
      return fail(T.Processor + " runs only 64-wide waves; use wave=emu32 (two "
                                "CUDA warps per wave) or wave=auto");
    T.Warp = WarpStrategy::Wave32;
    break;
  case WaveMode::Emu32:
    T.Warp = WarpStrategy::Emu32;
    break;
  }
  if (Opts.CodeObjectVersion != 4 && Opts.CodeObjectVersion != 5)
    return fail("code object version " + Twine(Opts.CodeObjectVersion) +
                " is not supported (use 4 or 5)");
  T.CodeObjectVersion = Opts.CodeObjectVersion;
  AMDGPU::IsaVersion V = AMDGPU::getIsaVersion(T.Processor);
  T.IsaMajor = V.Major;
  T.IsaMinor = V.Minor;
  T.IsaStepping = V.Stepping;
  return T;
}

std::string TranslateTarget::featureString() const {
  std::string S = isWave64() ? "+wavefrontsize64" : "+wavefrontsize32";
  if (Xnack)
    S += *Xnack ? ",+xnack" : ",-xnack";
  if (Sramecc)
    S += *Sramecc ? ",+sramecc" : ",-sramecc";
  return S;
}

Expected<TargetOptions> parseTargetParams(StringRef Params) {
  TargetOptions Opts;
  while (!Params.empty()) {
    StringRef Item;
    std::tie(Item, Params) = Params.split(';');
    auto [Key, Value] = Item.split('=');
    if (Key == "arch") {
      Opts.Arch = Value.str();
    } else if (Key == "wave") {
      if (Value == "auto")
        Opts.Wave = WaveMode::Auto;
      else if (Value == "32")
        Opts.Wave = WaveMode::Wave32;
      else if (Value == "emu32")
        Opts.Wave = WaveMode::Emu32;
      else
        return fail("wave='" + Value + "': expected auto, 32 or emu32");
    } else if (Key == "cov") {
      if (Value.getAsInteger(10, Opts.CodeObjectVersion))
        return fail("cov='" + Value + "': expected 4 or 5");
    } else {
      return fail("unknown parameter '" + Key +
                  "' (expected arch=, wave=, cov=)");
    }
  }
  return Opts;
}

} // namespace ferry
