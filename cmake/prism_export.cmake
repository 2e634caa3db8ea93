# prism_export(TARGET NAME): makes a library part of the package. Within this tree and through
# add_subdirectory(prism) it is also prism::NAME, the name an installed prefix gives it
# (find_package(prism)), so a game's CMakeLists reads the same either way. With PRISM_INSTALL its
# library goes under the prefix in the prism_targets export set (cmake/prism_install.cmake).
include(GNUInstallDirs)

function(prism_export target name)
  add_library(prism::${name} ALIAS ${target})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name}
    VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
  if(PRISM_INSTALL)
    install(TARGETS ${target} EXPORT prism_targets
      ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
      LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev NAMELINK_COMPONENT dev
      RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT dev)
  endif()
endfunction()

# prism_install_program(TARGET): a program (prism, prism-query) under the prefix's bin/.
function(prism_install_program target)
  if(PRISM_INSTALL)
    install(TARGETS ${target} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT programs)
  endif()
endfunction()

# Shared libraries: an installed prism-query finds them beside it (bin/../lib) under any prefix.
if(PROJECT_IS_TOP_LEVEL AND BUILD_SHARED_LIBS AND NOT DEFINED CMAKE_INSTALL_RPATH)
  file(RELATIVE_PATH prism_bin_to_lib /prefix/${CMAKE_INSTALL_BINDIR} /prefix/${CMAKE_INSTALL_LIBDIR})
  set(CMAKE_INSTALL_RPATH "$ORIGIN/${prism_bin_to_lib}")
endif()
