# Installs the build into a scratch prefix, then configures, builds and runs
# examples/ (a separate CMake project using find_package(Ferry)) against it.
set(Prefix ${FERRY_BUILD_DIR}/package-test/install)
set(ExampleBuild ${FERRY_BUILD_DIR}/package-test/examples)
file(REMOVE_RECURSE ${FERRY_BUILD_DIR}/package-test)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(LAST_OUTPUT "${out}" PARENT_SCOPE)
endfunction()

run(${CMAKE_COMMAND} --install ${FERRY_BUILD_DIR} --prefix ${Prefix})
run(${CMAKE_COMMAND} -S ${FERRY_SOURCE_DIR}/examples -B ${ExampleBuild} -G Ninja
    -DCMAKE_CXX_COMPILER=${FERRY_CLANGXX} -DCMAKE_C_COMPILER=${FERRY_CLANG}
    -DCMAKE_PREFIX_PATH=${Prefix})
run(${CMAKE_COMMAND} --build ${ExampleBuild})
run(${ExampleBuild}/saxpy)
if(NOT LAST_OUTPUT MATCHES "saxpy: ok")
  message(FATAL_ERROR "saxpy from the installed package printed:\n${LAST_OUTPUT}")
endif()
# Ferry::compiler: the JIT example, built against the installed libferry.so,
# on the emulated gfx90a of the installed runtime.
run(${CMAKE_COMMAND} -E env FERRY_EMULATE=gfx90a ACC_DEVICE_TYPE=radeon FERRY_CACHE=0
    ${ExampleBuild}/jit/expr-jit 1000)
if(NOT LAST_OUTPUT MATCHES "expr-jit: ok")
  message(FATAL_ERROR "expr-jit from the installed package printed:\n${LAST_OUTPUT}")
endif()
