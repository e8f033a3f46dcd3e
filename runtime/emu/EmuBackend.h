//===- EmuBackend.h - An emulated AMD GPU ------------------------*- C++ -*-===//
///
/// \file
/// With FERRY_EMULATE=ARCH the AMD device is libferry-emu.so's SIMT emulator
/// (opened with dlopen), running the translated IR the plugin embeds.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_EMU_EMUBACKEND_H
#define FERRY_RUNTIME_EMU_EMUBACKEND_H

#include "core/Backend.h"

#include <memory>
#include <string>

namespace ferry {

std::unique_ptr<Backend> createEmuBackend(const std::string &Arch);

} // namespace ferry

#endif
