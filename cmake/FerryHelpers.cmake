# Small helpers shared by every Ferry target.

# Warnings every Ferry target is clean of.
function(ferry_target_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra)
endfunction()

# A target that uses LLVM (and optionally Clang) headers and the shared LLVM library.
function(ferry_target_uses_llvm target)
  target_include_directories(${target} SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS})
  separate_arguments(_defs NATIVE_COMMAND "${LLVM_DEFINITIONS}")
  target_compile_definitions(${target} PRIVATE ${_defs})
  # Debian's LLVM is built without exceptions; match it in code that sees LLVM types.
  target_compile_options(${target} PRIVATE -fno-exceptions)
  target_link_libraries(${target} PRIVATE LLVM)
endfunction()
