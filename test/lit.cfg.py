# lit configuration shared by every Ferry suite (translate/, codegen/,
# plugin/, e2e/, runtime/). Run through build/test/lit.site.cfg.py.
import os
import sys
import subprocess

import lit.formats

config.name = "Ferry"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".cpp", ".c", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ferry_obj_root, "test")
config.excludes = ["unittests", "Inputs", "package", "CMakeLists.txt"]

tools = config.llvm_tools_dir
bindir = config.ferry_bin_dir
libdir = config.ferry_lib_dir

# Programs run with nothing from the caller's environment that would change
# device selection, unless a test sets it itself.
for var in ["ACC_DEVICE_TYPE", "ACC_DEVICE_NUM", "FERRY_NOTIFY", "FERRY_DEBUG",
            "FERRY_TIME", "FERRY_HSA_LIB", "FERRY_CUDA_LIB"]:
    config.environment.pop(var, None)

# Sanitizer builds (scripts/sanitize.sh): clang, opt and the programs the
# tests compile are not instrumented but load Ferry's instrumented
# libraries, so every command runs with the sanitizer's runtime preloaded.
for var in ["ASAN_OPTIONS", "UBSAN_OPTIONS", "TSAN_OPTIONS"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
if os.environ.get("FERRY_TEST_PRELOAD"):
    config.environment["LD_PRELOAD"] = os.environ["FERRY_TEST_PRELOAD"]
    # A program compiled with -fsanitize carries a sanitizer runtime of its
    # own, which cannot share a process with the preloaded one (the two
    # interceptors of sigaction call each other forever).
    config.available_features.add("sanitizer-preload")

# The compile cache of the programs the tests build (keys include the
# build of libferry.so, so a rebuilt compiler never reuses old entries):
# in the build tree, not in the user's home.
config.environment["FERRY_CACHE_DIR"] = os.path.join(config.ferry_obj_root, "test-cache")

# Ferry's own tests embed the translated IR too, for the emulated devices.
config.substitutions.append(("%ferry-clangxx", os.path.join(bindir, "ferry-clang++") +
                             " -fplugin-arg-ferry-embed-ir"))
config.substitutions.append(("%ferry-clang ", os.path.join(bindir, "ferry-clang") +
                             " -fplugin-arg-ferry-embed-ir "))
# ferry-clang++ as users run it (no translated IR embedded).
config.substitutions.append(("%ferry-plain-clangxx", os.path.join(bindir, "ferry-clang++")))
config.substitutions.append(("%clang-c ", os.path.join(tools, "clang") + " "))
# Whole CUDA programs (test/cuda/): ferry-nvcc, where the CUDA headers are.
if os.path.exists(os.path.join(bindir, "ferry-nvcc")):
    config.available_features.add("ferry-nvcc")
    config.substitutions.append(("%ferry-nvcc", os.path.join(bindir, "ferry-nvcc")))
    config.substitutions.append(("%ferry-cuda-cache", os.path.join(config.ferry_obj_root, "share",
                                                                   "ferry", "FerryCUDA.cmake")))
config.substitutions.append(("%ferry-translate", os.path.join(bindir, "ferry-translate")))
config.substitutions.append(("%ferry-info", os.path.join(bindir, "ferry-info")))
config.substitutions.append(("%ferry-emu-check", os.path.join(bindir, "ferry-emu-check")))
config.substitutions.append(("%ferry-emu-tests", os.path.join(bindir, "ferry-emu-tests")))
config.substitutions.append(("%expr-jit", os.path.join(bindir, "expr-jit")))
config.substitutions.append(("%ferry-plugin", os.path.join(libdir, "libferry-clang.so")))
config.substitutions.append(
    ("%opt-ferry", "%s -load-pass-plugin=%s" % (os.path.join(tools, "opt"),
                                                os.path.join(libdir, "libferry-passes.so"))))
config.substitutions.append(("%clangxx", os.path.join(tools, "clang++")))
config.substitutions.append(("%llc", os.path.join(tools, "llc")))
config.substitutions.append(("%ld.lld", os.path.join(tools, "ld.lld")))
config.substitutions.append(("%lli", os.path.join(tools, "lli")))
config.substitutions.append(("%llvm-link", os.path.join(tools, "llvm-link")))
config.substitutions.append(("%llvm-dis", os.path.join(tools, "llvm-dis")))
config.substitutions.append(("%llvm-objdump", os.path.join(tools, "llvm-objdump")))
config.substitutions.append(("%llvm-nm", os.path.join(tools, "llvm-nm")))
config.substitutions.append(("%llvm-strings", os.path.join(tools, "llvm-strings")))
config.substitutions.append(("%llvm-readelf", os.path.join(tools, "llvm-readelf")))
config.substitutions.append(("%llvm-ar", os.path.join(tools, "llvm-ar")))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%FileCheck", os.path.join(tools, "FileCheck")))
config.substitutions.append(("%ferry-libdir", libdir))
config.substitutions.append(("%fake-hsa", os.path.join(libdir, "libferry-fake-hsa.so")))
config.substitutions.append(("%count", os.path.join(tools, "count")))
config.substitutions.append(("%not", os.path.join(tools, "not")))
config.substitutions.append(("%run", "env LD_LIBRARY_PATH=%s" % libdir))
# The emulated AMD devices (libferry-emu.so running the embedded IR).
config.substitutions.append(("%emu-gfx90a", "env ACC_DEVICE_TYPE=radeon FERRY_EMULATE=gfx90a"))
config.substitutions.append(("%emu-gfx1100", "env ACC_DEVICE_TYPE=radeon FERRY_EMULATE=gfx1100"))
config.substitutions.append(("%ferry-include", os.path.join(config.ferry_obj_root, "include")))
# The embedded images of a plugin-compiled program, checked with llvm-readelf.
config.substitutions.append(
    ("%check-images", "bash %s %s %s" % (os.path.join(config.test_source_root, "e2e", "Inputs",
                                                     "check-images.sh"),
                                        os.path.join(bindir, "ferry-info"),
                                        os.path.join(tools, "llvm-readelf"))))

# Devices, detected at test time by Ferry's own runtime: GPU-only tests say
# REQUIRES: hsa / cuda and show as UNSUPPORTED where there is none.
def has_device(kind):
    info = os.path.join(bindir, "ferry-info")
    try:
        return subprocess.call([info, "--has=" + kind], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL) == 0
    except OSError:
        return False

if has_device("radeon"):
    config.available_features.add("hsa")
if has_device("nvidia"):
    config.available_features.add("cuda")
# HIP's headers (libamdhip64-dev): bench/hip-compare compiles the corpus as HIP.
if os.path.exists("/usr/include/hip/hip_runtime.h"):
    config.available_features.add("hip-headers")
ptxas = os.path.join(config.cuda_path, "bin", "ptxas")
if os.path.exists(ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
