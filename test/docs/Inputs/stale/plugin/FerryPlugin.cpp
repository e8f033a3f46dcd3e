struct Action {
  bool ParseArgs(const CompilerInstance &CI, const std::vector<std::string> &Args) {
    for (const std::string &A : Args) {
      StringRef Arg(A);
      if (Arg == "embed-ir")
        continue;
      return false;
    }
    return true;
  }
};
