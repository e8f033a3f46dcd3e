//===- EmuBackend.h - An emulated AMD GPU ------------------------*- C++ -*-===//
///
/// \file
/// With FERRY_EMULATE=ARCH the AMD device is libferry-emu.so's SIMT emulator
/// (opened with dlopen), running the translated IR the plugin embeds;
/// FERRY_EMULATE=ARCH,ARCH,... gives one emulated device per entry.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_EMU_EMUBACKEND_H
#define FERRY_RUNTIME_EMU_EMUBACKEND_H

#include "core/Backend.h"

#include <memory>
#include <string>
#include <vector>

namespace ferry {

/// The processors of FERRY_EMULATE's comma-separated list, blanks around
/// entries and empty entries dropped.
std::vector<std::string> emulatedProcessors(const std::string &List);
/// One emulated AMD device per entry of \p Archs, numbered in order.
std::unique_ptr<Backend> createEmuBackend(std::vector<std::string> Archs);

} // namespace ferry

#endif
