cl::opt<std::string> Output("o", cl::desc("output"));
cl::opt<EmitKind> Emit(
    "emit", cl::desc("what to write"));
