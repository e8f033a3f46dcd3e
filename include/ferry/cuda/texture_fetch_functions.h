/*===- ferry/cuda/texture_fetch_functions.h - For clang 19 with CUDA 13 ---===*
 *
 * clang 19's CUDA wrapper headers include texture_fetch_functions.h, which
 * CUDA 13 no longer ships (texture references are gone). ferry-nvcc puts this
 * directory on the include path of CUDA compiles so that the include
 * resolves; it declares nothing.
 *
 *===----------------------------------------------------------------------===*/
