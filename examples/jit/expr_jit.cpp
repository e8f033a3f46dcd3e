// An expression JIT in the style of lattice-QCD code generators: each
// element-wise expression over arrays ("a = b * c + d") becomes an NVVM-IR
// kernel built with IRBuilder (llvm.nvvm.* thread indices, libdevice math,
// nvvm.annotations), and ferry::jit runs it on whichever GPU the runtime
// selected: AMD (ROCR), NVIDIA (CUDA driver) or an emulated AMD device
// (FERRY_EMULATE=gfx90a). Each result is checked against the same
// expression evaluated on the host.
//
//   expr-jit [N] ["a = expression" ...]      prints "expr-jit: ok (...)"
#include "ferry/jit.h"

#include "openacc.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

namespace {

/// An expression tree: numbers, variables (one lowercase letter), unary
/// minus, + - * /, and the calls sqrt, exp, sin, cos, log.
struct Expr {
  enum KindT { Number, Var, Neg, Add, Sub, Mul, Div, Call } Kind;
  double Value = 0;
  char Name = 0;
  std::string Fn;
  std::unique_ptr<Expr> L, R;
};

class Parser {
public:
  explicit Parser(const std::string &Text) : S(Text) {}

  /// "a = ...": the output variable and the right-hand side.
  bool statement(char &Out, std::unique_ptr<Expr> &Rhs) {
    skip();
    if (!std::islower(peek()))
      return error("expected the output variable");
    Out = S[I++];
    skip();
    if (peek() != '=')
      return error("expected '='");
    ++I;
    Rhs = sum();
    skip();
    if (Rhs && I != S.size())
      return error("unexpected text");
    return Rhs != nullptr;
  }
  const std::string &message() const { return Message; }

private:
  std::unique_ptr<Expr> sum() {
    std::unique_ptr<Expr> E = product();
    for (skip(); E && (peek() == '+' || peek() == '-'); skip()) {
      auto K = S[I++] == '+' ? Expr::Add : Expr::Sub;
      E = binary(K, std::move(E), product());
    }
    return E;
  }
  std::unique_ptr<Expr> product() {
    std::unique_ptr<Expr> E = unary();
    for (skip(); E && (peek() == '*' || peek() == '/'); skip()) {
      auto K = S[I++] == '*' ? Expr::Mul : Expr::Div;
      E = binary(K, std::move(E), unary());
    }
    return E;
  }
  std::unique_ptr<Expr> unary() {
    skip();
    if (peek() == '-') {
      ++I;
      std::unique_ptr<Expr> Operand = unary();
      if (!Operand)
        return nullptr;
      auto E = std::make_unique<Expr>(Expr{Expr::Neg});
      E->L = std::move(Operand);
      return E;
    }
    return primary();
  }
  std::unique_ptr<Expr> primary() {
    skip();
    if (peek() == '(') {
      ++I;
      std::unique_ptr<Expr> E = sum();
      skip();
      if (!E || peek() != ')')
        return fail("expected ')'");
      ++I;
      return E;
    }
    if (std::isdigit(peek()) || peek() == '.') {
      size_t Used = 0;
      double V = std::stod(S.substr(I), &Used);
      I += Used;
      auto E = std::make_unique<Expr>(Expr{Expr::Number});
      E->Value = V;
      return E;
    }
    if (!std::islower(peek()))
      return fail("expected a number, a variable or a function");
    size_t Start = I;
    while (std::islower(peek()))
      ++I;
    std::string Word = S.substr(Start, I - Start);
    if (Word.size() == 1) {
      auto E = std::make_unique<Expr>(Expr{Expr::Var});
      E->Name = Word[0];
      return E;
    }
    if (Word != "sqrt" && Word != "exp" && Word != "sin" && Word != "cos" && Word != "log")
      return fail("unknown function '" + Word + "'");
    skip();
    if (peek() != '(')
      return fail("expected '(' after " + Word);
    ++I;
    std::unique_ptr<Expr> Arg = sum();
    skip();
    if (!Arg || peek() != ')')
      return fail("expected ')'");
    ++I;
    auto E = std::make_unique<Expr>(Expr{Expr::Call});
    E->Fn = Word;
    E->L = std::move(Arg);
    return E;
  }
  std::unique_ptr<Expr> binary(Expr::KindT K, std::unique_ptr<Expr> L, std::unique_ptr<Expr> R) {
    if (!R)
      return nullptr;
    auto E = std::make_unique<Expr>(Expr{K});
    E->L = std::move(L);
    E->R = std::move(R);
    return E;
  }
  std::unique_ptr<Expr> fail(const std::string &M) {
    if (Message.empty())
      Message = M + " at column " + std::to_string(I + 1);
    return nullptr;
  }
  bool error(const std::string &M) { return !fail(M); }
  char peek() const { return I < S.size() ? S[I] : '\0'; }
  void skip() {
    while (I < S.size() && std::isspace(static_cast<unsigned char>(S[I])))
      ++I;
  }

  const std::string &S;
  size_t I = 0;
  std::string Message;
};

void variables(const Expr &E, std::vector<char> &Out) {
  if (E.Kind == Expr::Var && std::find(Out.begin(), Out.end(), E.Name) == Out.end())
    Out.push_back(E.Name);
  if (E.L)
    variables(*E.L, Out);
  if (E.R)
    variables(*E.R, Out);
}

double evaluate(const Expr &E, const std::map<char, double> &Env) {
  switch (E.Kind) {
  case Expr::Number:
    return E.Value;
  case Expr::Var:
    return Env.at(E.Name);
  case Expr::Neg:
    return -evaluate(*E.L, Env);
  case Expr::Add:
    return evaluate(*E.L, Env) + evaluate(*E.R, Env);
  case Expr::Sub:
    return evaluate(*E.L, Env) - evaluate(*E.R, Env);
  case Expr::Mul:
    return evaluate(*E.L, Env) * evaluate(*E.R, Env);
  case Expr::Div:
    return evaluate(*E.L, Env) / evaluate(*E.R, Env);
  case Expr::Call: {
    double X = evaluate(*E.L, Env);
    return E.Fn == "sqrt" ? std::sqrt(X)
           : E.Fn == "exp" ? std::exp(X)
           : E.Fn == "sin" ? std::sin(X)
           : E.Fn == "cos" ? std::cos(X)
                           : std::log(X);
  }
  }
  return 0;
}

/// The kernel of `Out = E` over doubles:
///   void NAME(double *out, double *in0, ..., i64 n)
///   { i = ctaid.x * ntid.x + tid.x; if (i < n) out[i] = E(in0[i], ...); }
/// math through libdevice (__nv_sqrt, ...), as NVVM front ends emit it.
Function *buildKernel(Module &M, const std::string &Name, const Expr &E,
                      const std::vector<char> &Inputs) {
  LLVMContext &Ctx = M.getContext();
  Type *F64 = Type::getDoubleTy(Ctx), *I64 = Type::getInt64Ty(Ctx);
  PointerType *Ptr = PointerType::get(Ctx, 0);
  std::vector<Type *> Params(Inputs.size() + 1, Ptr);
  Params.push_back(I64);
  Function *K = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), Params, false),
                                 GlobalValue::ExternalLinkage, Name, M);
  M.getOrInsertNamedMetadata("nvvm.annotations")
      ->addOperand(MDNode::get(Ctx, {ValueAsMetadata::get(K), MDString::get(Ctx, "kernel"),
                                     ConstantAsMetadata::get(
                                         ConstantInt::get(Type::getInt32Ty(Ctx), 1))}));
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", K);
  BasicBlock *Body = BasicBlock::Create(Ctx, "body", K);
  BasicBlock *Exit = BasicBlock::Create(Ctx, "exit", K);
  IRBuilder<> B(Entry);
  auto Sreg = [&](Intrinsic::ID ID) {
    return B.CreateZExt(B.CreateIntrinsic(ID, {}, {}), I64);
  };
  Value *Index = B.CreateAdd(B.CreateMul(Sreg(Intrinsic::nvvm_read_ptx_sreg_ctaid_x),
                                         Sreg(Intrinsic::nvvm_read_ptx_sreg_ntid_x)),
                             Sreg(Intrinsic::nvvm_read_ptx_sreg_tid_x), "i");
  B.CreateCondBr(B.CreateICmpULT(Index, K->getArg(Inputs.size() + 1)), Body, Exit);
  B.SetInsertPoint(Body);
  std::map<char, Value *> Loaded;
  for (size_t I = 0; I < Inputs.size(); ++I)
    Loaded[Inputs[I]] =
        B.CreateLoad(F64, B.CreateGEP(F64, K->getArg(I + 1), Index), std::string(1, Inputs[I]));
  std::function<Value *(const Expr &)> Emit = [&](const Expr &X) -> Value * {
    switch (X.Kind) {
    case Expr::Number:
      return ConstantFP::get(F64, X.Value);
    case Expr::Var:
      return Loaded.at(X.Name);
    case Expr::Neg:
      return B.CreateFNeg(Emit(*X.L));
    case Expr::Add:
      return B.CreateFAdd(Emit(*X.L), Emit(*X.R));
    case Expr::Sub:
      return B.CreateFSub(Emit(*X.L), Emit(*X.R));
    case Expr::Mul:
      return B.CreateFMul(Emit(*X.L), Emit(*X.R));
    case Expr::Div:
      return B.CreateFDiv(Emit(*X.L), Emit(*X.R));
    case Expr::Call: {
      FunctionCallee Fn = M.getOrInsertFunction("__nv_" + X.Fn, F64, F64);
      return B.CreateCall(Fn, {Emit(*X.L)});
    }
    }
    return nullptr;
  };
  B.CreateStore(Emit(E), B.CreateGEP(F64, K->getArg(0), Index));
  B.CreateBr(Exit);
  B.SetInsertPoint(Exit);
  B.CreateRetVoid();
  return K;
}

int fail(const std::string &Message) {
  std::fprintf(stderr, "expr-jit: %s\n", Message.c_str());
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  int64_t N = argc > 1 ? std::atoll(argv[1]) : 20000;
  std::vector<std::string> Statements;
  for (int I = 2; I < argc; ++I)
    Statements.push_back(argv[I]);
  if (Statements.empty())
    Statements = {"a = b * c + d", "a = sqrt(b * b + c * c) - exp(-d)",
                  "a = (b - c) / (d + 2.5) * sin(b) + cos(c * d)", "a = log(1 + b * b) * -c"};
  if (N <= 0)
    return fail("N must be positive");

  auto Session = ferry::jit::Session::create();
  if (!Session)
    return fail(toString(Session.takeError()));
  const std::string Arch = (*Session)->target().arch();

  // The arrays b, c, d, ... on the host and the device.
  std::map<char, std::vector<double>> Host;
  std::map<char, void *> Device;
  auto Array = [&](char Name) -> void * {
    auto It = Device.find(Name);
    if (It != Device.end())
      return It->second;
    std::vector<double> &V = Host[Name];
    V.resize(N);
    for (int64_t I = 0; I < N; ++I)
      V[I] = 0.25 + 0.5 * std::sin(0.001 * double(I) * (Name - 'a' + 1));
    void *D = acc_malloc(N * sizeof(double));
    if (D)
      acc_memcpy_to_device(D, V.data(), N * sizeof(double));
    return Device[Name] = D;
  };

  LLVMContext Ctx;
  for (size_t S = 0; S < Statements.size(); ++S) {
    char Out;
    std::unique_ptr<Expr> E;
    Parser P(Statements[S]);
    if (!P.statement(Out, E))
      return fail("'" + Statements[S] + "': " + P.message());
    std::vector<char> Inputs;
    variables(*E, Inputs);
    if (std::find(Inputs.begin(), Inputs.end(), Out) != Inputs.end())
      return fail("'" + Statements[S] + "': the output may not appear on the right");

    Module M("expr" + std::to_string(S), Ctx);
    M.setTargetTriple("nvptx64-nvidia-cuda");
    M.setDataLayout("e-i64:64-i128:128-v16:16-v32:32-n16:32:64");
    const std::string Name = "expr_kernel_" + std::to_string(S);
    buildKernel(M, Name, *E, Inputs);
    std::string Broken;
    raw_string_ostream OS(Broken);
    if (verifyModule(M, &OS))
      return fail("generated invalid IR: " + OS.str());

    auto Program = (*Session)->load(M);
    if (!Program)
      return fail(toString(Program.takeError()));
    auto Kernel = (*Program)->kernel(Name);
    if (!Kernel)
      return fail(toString(Kernel.takeError()));

    std::vector<void *> Pointers = {Array(Out)};
    for (char In : Inputs)
      Pointers.push_back(Array(In));
    for (void *D : Pointers)
      if (!D)
        return fail("acc_malloc failed");
    std::vector<void *> Args;
    for (void *&D : Pointers)
      Args.push_back(&D);
    Args.push_back(&N);
    const uint32_t Block = 256;
    if (Error Err = Kernel->launch(ferry::jit::Dim3(uint32_t((N + Block - 1) / Block)),
                                   ferry::jit::Dim3(Block), 0, Args))
      return fail(toString(std::move(Err)));

    std::vector<double> Got(N);
    acc_memcpy_from_device(Got.data(), Device[Out], N * sizeof(double));
    for (int64_t I = 0; I < N; ++I) {
      std::map<char, double> Env;
      for (char In : Inputs)
        Env[In] = Host[In][I];
      const double Want = evaluate(*E, Env);
      if (!(std::fabs(Got[I] - Want) <= 1e-13 * std::max(1.0, std::fabs(Want))))
        return fail("'" + Statements[S] + "' on " + Arch + ": element " + std::to_string(I) +
                    " is " + std::to_string(Got[I]) + ", expected " + std::to_string(Want));
    }
  }
  for (auto &[Name, D] : Device)
    acc_free(D);
  std::printf("expr-jit: ok (%zu expressions over %lld elements on %s%s)\n", Statements.size(),
              (long long)N, Arch.c_str(), (*Session)->emulated() ? ", emulated" : "");
  return 0;
}
