# The CMake package: find_package(Ferry) gives Ferry::rt, Ferry::compiler,
# Ferry::openacc and (with the CUDA headers) Ferry::cudart; see
# cmake/FerryConfig.cmake.in for which compilers each needs.
include(CMakePackageConfigHelpers)

# Ferry::openacc: compile with the plugin, link the runtime.
add_library(ferry-openacc INTERFACE)
target_compile_options(ferry-openacc INTERFACE
  "$<BUILD_INTERFACE:-fplugin=$<TARGET_FILE:ferry-clang>>"
  "$<INSTALL_INTERFACE:-fplugin=$<INSTALL_PREFIX>/${CMAKE_INSTALL_LIBDIR}/libferry-clang.so>")
target_link_libraries(ferry-openacc INTERFACE ferry-rt)
set_target_properties(ferry-openacc PROPERTIES EXPORT_NAME openacc)
set_target_properties(ferry-rt PROPERTIES EXPORT_NAME rt)
add_library(Ferry::openacc ALIAS ferry-openacc)
install(TARGETS ferry-openacc EXPORT FerryTargets)

install(EXPORT FerryTargets NAMESPACE Ferry::
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Ferry)
configure_package_config_file(
  ${CMAKE_CURRENT_SOURCE_DIR}/cmake/FerryConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/FerryConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Ferry)
write_basic_package_version_file(
  ${CMAKE_CURRENT_BINARY_DIR}/FerryConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/FerryConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/FerryConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Ferry)
