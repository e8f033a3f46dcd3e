# run(COMMAND...): runs a command, stops the script with its output when it
# fails; LAST_OUTPUT and LAST_ERROR hold what it printed. For the package
# tests (TestFindPackage.cmake, TestMpiExample.cmake).
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(LAST_OUTPUT "${out}" PARENT_SCOPE)
  set(LAST_ERROR "${err}" PARENT_SCOPE)
endfunction()
