// The JIT API (ferry/jit.h) on the emulated gfx90a: one call from NVVM IR to
// a launched kernel, libraries linked at load time, and every error path
// returning a value (C++) or a status plus ferry_last_error (C), printing
// nothing.
#include "ferry/jit.h"

#include "openacc.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace llvm;

namespace {

// Before the runtime starts: the emulated gfx90a, no cache on disk.
const bool Environment = [] {
  setenv("ACC_DEVICE_TYPE", "radeon", 1);
  setenv("FERRY_EMULATE", "gfx90a", 1);
  setenv("FERRY_CACHE", "0", 1);
  return true;
}();

const char *Scale = R"(
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @twice(float)
define void @scale(ptr %p) {
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = getelementptr float, ptr %p, i32 %i
  %v = load float, ptr %a
  %w = call float @twice(float %v)
  store float %w, ptr %a
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @scale, !"kernel", i32 1}
)";

const char *Library = R"(
target triple = "nvptx64-nvidia-cuda"
define float @twice(float %x) {
  %y = fmul float %x, 2.0
  ret float %y
}
)";

const char *Untranslatable = R"(
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.smid()
define void @k(ptr %p) {
  %s = call i32 @llvm.nvvm.read.ptx.sreg.smid()
  store i32 %s, ptr %p
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
)";

// Device code that slips past Ferry's checks and makes LLVM's code
// generation give up ("Cannot select": an x86 intrinsic).
const char *LLVMGivesUp = R"(
target triple = "nvptx64-nvidia-cuda"
declare void @llvm.x86.sse2.pause()
define void @k(ptr %q) {
  call void @llvm.x86.sse2.pause()
  store i32 1, ptr %q
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
)";

std::unique_ptr<ferry::jit::Session> session() {
  auto S = ferry::jit::Session::create();
  EXPECT_TRUE(bool(S)) << toString(S.takeError());
  return S ? std::move(*S) : nullptr;
}

std::string errorOf(Error E) { return E ? toString(std::move(E)) : ""; }

TEST(Jit, SessionTargetsTheSelectedDevice) {
  auto S = session();
  ASSERT_TRUE(S);
  EXPECT_TRUE(S->emulated());
  EXPECT_EQ(S->target().vendor(), ferry::Vendor::AMD);
  EXPECT_EQ(S->target().arch().substr(0, 6), "gfx90a");
}

TEST(Jit, KernelWithALibraryRunsInOneCall) {
  ASSERT_TRUE(Environment);
  auto S = session();
  ASSERT_TRUE(S);
  testing::internal::CaptureStderr();
  auto P = S->load(Scale, {Library});
  ASSERT_TRUE(bool(P)) << toString(P.takeError());
  // A kernel that calls a library stays relocatable, with its IR next to it.
  ASSERT_EQ((*P)->images().size(), 4u);
  EXPECT_EQ((*P)->images()[0].Kind, ferry::ImageKind::Object);
  EXPECT_EQ((*P)->images()[1].Kind, ferry::ImageKind::TranslatedIR);
  auto K = (*P)->kernel("scale");
  ASSERT_TRUE(bool(K)) << toString(K.takeError());
  std::vector<float> Host = {1, 2, 3, 4};
  void *D = acc_malloc(Host.size() * sizeof(float));
  acc_memcpy_to_device(D, Host.data(), Host.size() * sizeof(float));
  EXPECT_EQ(errorOf((*K)(1, 4, 0, D)), "");
  acc_memcpy_from_device(Host.data(), D, Host.size() * sizeof(float));
  acc_free(D);
  EXPECT_EQ(Host, (std::vector<float>{2, 4, 6, 8}));
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

TEST(Jit, ErrorsComeBackAsValuesAndPrintNothing) {
  auto S = session();
  ASSERT_TRUE(S);
  testing::internal::CaptureStderr();
  auto Garbage = S->load("this is not IR");
  ASSERT_FALSE(Garbage);
  EXPECT_NE(toString(Garbage.takeError()).find("cannot read the module"), std::string::npos);

  auto Bad = S->load(Untranslatable);
  ASSERT_FALSE(Bad);
  std::string Message = toString(Bad.takeError());
  EXPECT_NE(Message.find("in function 'k'"), std::string::npos) << Message;
  EXPECT_NE(Message.find("llvm.nvvm.read.ptx.sreg.smid"), std::string::npos) << Message;

  // The library is missing: the runtime's link names the function.
  auto Unlinked = S->load(Scale);
  ASSERT_FALSE(Unlinked);
  Message = toString(Unlinked.takeError());
  EXPECT_NE(Message.find("twice"), std::string::npos) << Message;

  auto P = S->load(Scale, {Library});
  ASSERT_TRUE(bool(P)) << toString(P.takeError());
  auto Missing = (*P)->kernel("nope");
  ASSERT_FALSE(Missing);
  EXPECT_NE(toString(Missing.takeError()).find("'nope'"), std::string::npos);

  ferry::jit::SessionOptions Opts;
  Opts.DeviceType = "cpu";
  auto NoSession = ferry::jit::Session::create(Opts);
  ASSERT_FALSE(NoSession);
  EXPECT_EQ(toString(NoSession.takeError()),
            "device type 'cpu' is not a JIT target (use \"radeon\" or \"nvidia\")");
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

TEST(Jit, CApiRunsAKernelAndReportsThroughFerryLastError) {
  testing::internal::CaptureStderr();
  ferry_jit_session S = nullptr;
  ASSERT_EQ(ferry_jit_session_create(nullptr, &S), FERRY_SUCCESS) << ferry_last_error();
  EXPECT_EQ(std::string(ferry_jit_session_arch(S)).substr(0, 6), "gfx90a");

  ferry_jit_program P = nullptr;
  ferry_jit_buffer Kernel = {Scale, std::strlen(Scale)};
  ferry_jit_buffer Lib = {Library, std::strlen(Library)};
  ASSERT_EQ(ferry_jit_load(S, Kernel, &Lib, 1, &P), FERRY_SUCCESS) << ferry_last_error();
  ferry_kernel K = nullptr;
  ASSERT_EQ(ferry_jit_get_kernel(P, "scale", &K), FERRY_SUCCESS) << ferry_last_error();
  float Host[2] = {5, 6};
  void *D = acc_malloc(sizeof Host);
  acc_memcpy_to_device(D, Host, sizeof Host);
  const uint32_t Grid[3] = {1, 1, 1}, Block[3] = {2, 1, 1};
  void *Args[] = {&D};
  ASSERT_EQ(ferry_launch(K, Grid, Block, 0, Args, acc_async_sync), FERRY_SUCCESS);
  acc_memcpy_from_device(Host, D, sizeof Host);
  acc_free(D);
  EXPECT_EQ(Host[0], 10);
  EXPECT_EQ(Host[1], 12);

  EXPECT_EQ(ferry_jit_get_kernel(P, "nope", &K), FERRY_ERROR_INVALID);
  EXPECT_NE(std::string(ferry_last_error()).find("ferry_jit_get_kernel: "), std::string::npos)
      << ferry_last_error();
  ferry_jit_program Broken = nullptr;
  ferry_jit_buffer Text = {"garbage", 7};
  EXPECT_EQ(ferry_jit_load(S, Text, nullptr, 0, &Broken), FERRY_ERROR_INVALID);
  EXPECT_NE(std::string(ferry_last_error()).find("ferry_jit_load: cannot read the module"),
            std::string::npos)
      << ferry_last_error();
  EXPECT_EQ(Broken, nullptr);
  EXPECT_EQ(ferry_jit_load(S, Text, nullptr, 0, nullptr), FERRY_ERROR_INVALID);
  EXPECT_NE(std::string(ferry_last_error()).find("must not be NULL"), std::string::npos);
  ferry_jit_options Bad = {"radeon", -1, 7, 0};
  ferry_jit_session Other = nullptr;
  EXPECT_EQ(ferry_jit_session_create(&Bad, &Other), FERRY_ERROR_INVALID);
  EXPECT_EQ(std::string(ferry_last_error()), "ferry_jit_session_create: opt_level must be 0 to 3");
  ferry_jit_program_destroy(P);
  ferry_jit_session_destroy(S);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

/// Compiles Library (a code object linked by lld, whose output file is
/// removed on a signal: that registers LLVM's signal handlers) and then
/// LLVMGivesUp in session \p S: the second comes back as an error.
std::string failureAfterACompile(ferry::jit::Session &S) {
  LLVMContext Context;
  SMDiagnostic Diag;
  std::unique_ptr<Module> Good = parseAssemblyString(Library, Diag, Context);
  std::unique_ptr<Module> Bad = parseAssemblyString(LLVMGivesUp, Diag, Context);
  if (!Good || !Bad)
    return "the test's IR does not parse";
  auto Images = S.compile(*Good);
  if (!Images)
    return "the first compile failed: " + toString(Images.takeError());
  auto Failed = S.compile(*Bad);
  return Failed ? "the second compile succeeded" : toString(Failed.takeError());
}

// A failure inside LLVM, after a compile in the same process, is an error
// with LLVM's message (it was the process's end once anything had
// registered LLVM's signal handlers: the link's output file does).
TEST(Jit, FailureInsideLLVMComesBackAfterACompile) {
  auto S = session();
  ASSERT_TRUE(S);
  testing::internal::CaptureStderr();
  const std::string Message = failureAfterACompile(*S);
  EXPECT_NE(Message.find("LLVM failed in code generation for gfx90a"), std::string::npos)
      << Message;
  EXPECT_NE(Message.find("Cannot select: intrinsic %llvm.x86.sse2.pause"), std::string::npos)
      << Message;
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

// The same in a process that keeps its own fatal-error handler slot (none
// here, so LLVM prints its message and aborts): the stage unwinds from the
// abort and the process goes on.
TEST(Jit, FailureInsideLLVMComesBackWithoutFerrysHandler) {
  ferry::jit::SessionOptions Opts;
  Opts.InstallFatalErrorHandler = false;
  auto S = ferry::jit::Session::create(Opts);
  ASSERT_TRUE(bool(S)) << toString(S.takeError());
  testing::internal::CaptureStderr();
  const std::string Message = failureAfterACompile(**S);
  testing::internal::GetCapturedStderr();
  EXPECT_NE(Message.find("LLVM failed in code generation for gfx90a"), std::string::npos)
      << Message;
  EXPECT_NE(Message.find("it crashed"), std::string::npos) << Message;
}

} // namespace
