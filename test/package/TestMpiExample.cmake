# MPI + OpenACC (examples/mpi): installs the build into a scratch prefix,
# configures and builds the stencil against it with find_package(MPI) and
# find_package(Ferry), then runs it with 1, 2 and 4 ranks on the host backend
# and the emulated gfx90a, and with 2 ranks on two emulated devices per
# process (gfx90a, gfx1100: each rank takes the device of its node-local
# number), with every halo exchange (update, overlap, device). Every run must
# match the sequential sweep (--check) and give the checksum of one rank.
set(Prefix ${FERRY_BUILD_DIR}/package-test/mpi-install)
set(Build ${FERRY_BUILD_DIR}/package-test/mpi)
file(REMOVE_RECURSE ${Prefix} ${Build})

include(${CMAKE_CURRENT_LIST_DIR}/Run.cmake)

run(${CMAKE_COMMAND} --install ${FERRY_BUILD_DIR} --prefix ${Prefix})
run(${CMAKE_COMMAND} -S ${FERRY_SOURCE_DIR}/examples/mpi -B ${Build} -G Ninja
    -DCMAKE_CXX_COMPILER=${FERRY_CLANGXX} -DCMAKE_PREFIX_PATH=${Prefix})
run(${CMAKE_COMMAND} --build ${Build})

# Open MPI refuses root and more ranks than cores unless told (CI runs as
# root on two cores); other MPIs ignore these variables.
set(MpiEnv OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    OMPI_MCA_rmaps_base_oversubscribe=1)
set(Size --nx 96 --ny 61 --steps 25)
set(Expected "")
foreach(device host emu two-emu)
  if(device STREQUAL "host")
    set(DeviceEnv ACC_DEVICE_TYPE=host)
    set(RankCounts 1 2 4)
  elseif(device STREQUAL "emu")
    set(DeviceEnv ACC_DEVICE_TYPE=radeon FERRY_EMULATE=gfx90a)
    set(RankCounts 1 2 4)
  else()
    set(DeviceEnv ACC_DEVICE_TYPE=radeon FERRY_EMULATE=gfx90a,gfx1100)
    set(RankCounts 2)
  endif()
  foreach(ranks ${RankCounts})
    foreach(halo update overlap device)
      run(${CMAKE_COMMAND} -E env ${MpiEnv} ${DeviceEnv} FERRY_NOTIFY=1
          ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${ranks} ${Build}/stencil ${Size}
          --halo ${halo} --check)
      set(what "${device}, ${ranks} rank(s), halo ${halo}")
      if(NOT LAST_OUTPUT MATCHES "stencil: ok" OR
         NOT LAST_OUTPUT MATCHES "stencil: checksum ([^\n]*)")
        message(FATAL_ERROR "${what}: the stencil printed:\n${LAST_OUTPUT}\n${LAST_ERROR}")
      endif()
      set(checksum "${CMAKE_MATCH_1}")
      if(Expected STREQUAL "")
        set(Expected "${checksum}")
      elseif(NOT checksum STREQUAL Expected)
        message(FATAL_ERROR "${what}: checksum ${checksum}, one rank on the host gave ${Expected}")
      endif()
      # The regions ran where asked: on the host's threads, on the emulated
      # device, each rank on its own device.
      if(device STREQUAL "two-emu")
        if(NOT LAST_ERROR MATCHES "on emulated gfx90a \\(device 0\\)" OR
           NOT LAST_ERROR MATCHES "on emulated gfx1100 \\(device 1\\)")
          message(FATAL_ERROR "${what}: the ranks did not run on devices 0 and 1:\n${LAST_ERROR}")
        endif()
      elseif(device STREQUAL "emu" AND NOT LAST_ERROR MATCHES "on emulated gfx90a:")
        message(FATAL_ERROR "${what}: no launch on the emulated gfx90a:\n${LAST_ERROR}")
      elseif(device STREQUAL "host" AND (NOT LAST_ERROR MATCHES "parallel loop on host" OR
                                         LAST_ERROR MATCHES "emulated"))
        message(FATAL_ERROR "${what}: the regions did not run on the host:\n${LAST_ERROR}")
      endif()
    endforeach()
  endforeach()
endforeach()
message(STATUS "stencil: every run matched one rank's checksum ${Expected}")
