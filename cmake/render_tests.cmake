# Helpers for the tests that render (renderer/, debugger/).
#
# prism_set_discovered_test_properties(NAME TESTS_VAR ENV_LIST_VAR [LABEL label])
#
# Sets ENVIRONMENT (a list), DISPLAY/WAYLAND_DISPLAY unset, and a label on the tests that
# gtest_discover_tests(... TEST_LIST TESTS_VAR) finds. CMake 3.25's gtest_discover_tests writes
# each element of its PROPERTIES as a separate argument, so a list-valued ENVIRONMENT would be
# split into property/value pairs; a ctest include that runs after discovery keeps it whole.
function(prism_set_discovered_test_properties name tests_var env_var)
  cmake_parse_arguments(ARG "" "LABEL" "" ${ARGN})
  set(file ${CMAKE_CURRENT_BINARY_DIR}/${name}_test_properties.cmake)
  file(WRITE ${file}
    "if(${tests_var})\n"
    "  set_tests_properties(\${${tests_var}} PROPERTIES\n"
    "    ENVIRONMENT \"${${env_var}}\"\n"
    "    ENVIRONMENT_MODIFICATION \"DISPLAY=unset:;WAYLAND_DISPLAY=unset:\"\n"
    "    LABELS \"${ARG_LABEL}\")\n"
    "endif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${file})
endfunction()

# prism_add_xvfb_test(NAME TARGET ENV_LIST_VAR)
#
# Registers TARGET as a test run inside a virtual X server (xvfb-run, Debian's xvfb), with the
# given environment list; warns and skips when xvfb-run is missing.
# The virtual X server's arguments for every Xvfb test. -noreset: by default an X server resets
# when its last client disconnects, and a window opened while it resets fails ("X11: Failed to
# open display"); a test binary that closes one window and opens the next hits that window.
set(PRISM_XVFB_SERVER_ARGS "-screen 0 1280x720x24 -noreset")
set(PRISM_XVFB_TEST_COST 1000)

function(prism_add_xvfb_test name target env_var)
  find_program(PRISM_XVFB_RUN xvfb-run)
  if(NOT PRISM_XVFB_RUN)
    message(WARNING "xvfb-run not found: ${name} is not registered (apt-get install xvfb)")
    return()
  endif()
  add_test(NAME ${name}
    COMMAND ${PRISM_XVFB_RUN} -a -s "${PRISM_XVFB_SERVER_ARGS}" $<TARGET_FILE:${target}>)
  # RESOURCE_LOCK: two `xvfb-run -a` starting at once can pick the same display number (it
  # looks for a free one, then starts the server): one then fails or times out. ctest -j runs
  # the Xvfb tests one at a time.
  # COST: ctest -j starts the costliest first. The Xvfb tests wait on real time one after
  # another (about 2 minutes in all), so they start at once beside the rest instead of last.
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "${${env_var}}" LABELS "renderer" TIMEOUT 300
    RESOURCE_LOCK xvfb COST ${PRISM_XVFB_TEST_COST})
endfunction()
