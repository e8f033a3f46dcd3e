# Installs the build into a scratch prefix, then configures, builds and runs
# examples/ (a separate CMake project using find_package(Ferry)) against it.
set(Prefix ${FERRY_BUILD_DIR}/package-test/install)
set(ExampleBuild ${FERRY_BUILD_DIR}/package-test/examples)
# Its own directories only: package.mpi_example runs beside it in
# package-test/mpi*.
file(GLOB _ferry_old_dirs ${FERRY_BUILD_DIR}/package-test/install
     ${FERRY_BUILD_DIR}/package-test/examples ${FERRY_BUILD_DIR}/package-test/gxx*
     ${FERRY_BUILD_DIR}/package-test/ipo)
if(_ferry_old_dirs)
  file(REMOVE_RECURSE ${_ferry_old_dirs})
endif()

include(${CMAKE_CURRENT_LIST_DIR}/Run.cmake)

run(${CMAKE_COMMAND} --install ${FERRY_BUILD_DIR} --prefix ${Prefix})
run(${CMAKE_COMMAND} -S ${FERRY_SOURCE_DIR}/examples -B ${ExampleBuild} -G Ninja
    -DCMAKE_CXX_COMPILER=${FERRY_CLANGXX} -DCMAKE_C_COMPILER=${FERRY_CLANG}
    -DCMAKE_PREFIX_PATH=${Prefix})
run(${CMAKE_COMMAND} --build ${ExampleBuild})
run(${ExampleBuild}/saxpy)
if(NOT LAST_OUTPUT MATCHES "saxpy: ok")
  message(FATAL_ERROR "saxpy from the installed package printed:\n${LAST_OUTPUT}")
endif()
# C: the installed ferry-clang compiles examples/saxpy.c; it runs on the
# host and on the emulated gfx90a.
run(${Prefix}/bin/ferry-clang -O2 -fplugin-arg-ferry-embed-ir ${FERRY_SOURCE_DIR}/examples/saxpy.c
    -o ${ExampleBuild}/saxpy-c -lm)
foreach(_ferry_device "ACC_DEVICE_TYPE=host" "ACC_DEVICE_TYPE=radeon;FERRY_EMULATE=gfx90a")
  run(${CMAKE_COMMAND} -E env ${_ferry_device} ${ExampleBuild}/saxpy-c)
  if(NOT LAST_OUTPUT MATCHES "saxpy: ok")
    message(FATAL_ERROR "saxpy.c from the installed ferry-clang printed:\n${LAST_OUTPUT}")
  endif()
endforeach()
# Device code compiled at first use: the installed runtime finds the
# installed libferry.so next to itself (no LD_LIBRARY_PATH) and compiles
# saxpy.c's device IR for the emulated gfx90a.
run(${Prefix}/bin/ferry-clang -O2 -fplugin-arg-ferry-jit ${FERRY_SOURCE_DIR}/examples/saxpy.c
    -o ${ExampleBuild}/saxpy-jit -lm)
run(${CMAKE_COMMAND} -E env ACC_DEVICE_TYPE=radeon FERRY_EMULATE=gfx90a FERRY_CACHE=0
    FERRY_NOTIFY=1 ${ExampleBuild}/saxpy-jit)
if(NOT LAST_ERROR MATCHES "compiled the device IR of image 0 \\(kernels\\) for gfx90a"
   OR NOT LAST_OUTPUT MATCHES "saxpy: ok")
  message(FATAL_ERROR "saxpy.c built with -fplugin-arg-ferry-jit printed:\n${LAST_OUTPUT}${LAST_ERROR}")
endif()
# Ferry::compiler: the JIT example, built against the installed libferry.so,
# on the emulated gfx90a of the installed runtime.
run(${CMAKE_COMMAND} -E env FERRY_EMULATE=gfx90a ACC_DEVICE_TYPE=radeon FERRY_CACHE=0
    ${ExampleBuild}/jit/expr-jit 1000)
if(NOT LAST_OUTPUT MATCHES "expr-jit: ok")
  message(FATAL_ERROR "expr-jit from the installed package printed:\n${LAST_OUTPUT}")
endif()

# Ferry::rt and Ferry::compiler in a project whose compilers are gcc/g++ (a
# JIT framework, a tool): found, built and run (the JIT example on the
# emulated gfx90a).
set(GccBuild ${FERRY_BUILD_DIR}/package-test/gxx)
run(${CMAKE_COMMAND} -S ${FERRY_SOURCE_DIR}/test/package/gxx -B ${GccBuild} -G Ninja
    -DCMAKE_CXX_COMPILER=g++ -DCMAKE_C_COMPILER=gcc -DCMAKE_PREFIX_PATH=${Prefix}
    -DFERRY_EXAMPLES=${FERRY_SOURCE_DIR}/examples)
run(${CMAKE_COMMAND} --build ${GccBuild})
run(${GccBuild}/rt-info)
if(NOT LAST_OUTPUT MATCHES "rt-info: host host 1" OR NOT LAST_OUTPUT MATCHES "rt-info: ok")
  message(FATAL_ERROR "rt-info (gcc, Ferry::rt) printed:\n${LAST_OUTPUT}")
endif()
run(${CMAKE_COMMAND} -E env FERRY_EMULATE=gfx90a ACC_DEVICE_TYPE=radeon FERRY_CACHE=0
    ${GccBuild}/expr-jit 1000)
if(NOT LAST_OUTPUT MATCHES "expr-jit: ok")
  message(FATAL_ERROR "expr-jit (g++, Ferry::compiler) printed:\n${LAST_OUTPUT}")
endif()

# Ferry::openacc with g++: refused with the reason, asked for as a component
# or linked without one.
foreach(mode component link)
  execute_process(
    COMMAND ${CMAKE_COMMAND} -S ${FERRY_SOURCE_DIR}/test/package/gxx-openacc
            -B ${FERRY_BUILD_DIR}/package-test/gxx-openacc-${mode} -G Ninja
            -DCMAKE_CXX_COMPILER=g++ -DCMAKE_PREFIX_PATH=${Prefix} -DFERRY_MODE=${mode}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(mode STREQUAL "component")
    # (CMake wraps the message's lines)
    set(expected "Ferry::openacc needs clang\\+\\+ 19 as the C\\+\\+ compiler.*this project uses[ \n]+GNU")
  else()
    set(expected "Ferry::openacc_needs_clang\\+\\+_19_as_the_CXX_compiler")
  endif()
  if(rc EQUAL 0 OR NOT "${out}${err}" MATCHES "${expected}")
    message(FATAL_ERROR "Ferry::openacc with g++ (${mode}): exit ${rc}, expected an error "
                        "matching '${expected}':\n${out}\n${err}")
  endif()
endforeach()

# CMake's interprocedural optimization (-flto=thin, a static library of
# bitcode archived by the llvm-ar CMake looks for next to the compiler:
# ferry-llvm-ar, as it reads "ferry-" as a toolchain prefix) with
# -foffload-lto: ferry-link compiles the bitcode's device IR, so the program
# runs on the emulated gfx90a without Ferry's compiler library.
set(IpoBuild ${FERRY_BUILD_DIR}/package-test/ipo)
run(${CMAKE_COMMAND} -S ${FERRY_SOURCE_DIR}/test/package/ipo -B ${IpoBuild} -G Ninja
    -DCMAKE_CXX_COMPILER=${Prefix}/bin/ferry-clang++)
run(${CMAKE_COMMAND} --build ${IpoBuild})
run(${CMAKE_COMMAND} -E env ACC_DEVICE_TYPE=radeon FERRY_EMULATE=gfx90a FERRY_CACHE=0
    FERRY_COMPILER_LIB=${IpoBuild}/missing/libferry.so ${IpoBuild}/ipo)
if(NOT LAST_OUTPUT MATCHES "ipo: ok" OR NOT LAST_ERROR STREQUAL "")
  message(FATAL_ERROR "the IPO project printed:\n${LAST_OUTPUT}${LAST_ERROR}")
endif()
