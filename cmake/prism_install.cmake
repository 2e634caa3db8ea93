# What `cmake --install` puts under the prefix (with PRISM_INSTALL, on when Prism is the top-level
# project) and what `cpack -G DEB` packs. Components: `dev` (headers, the three libraries,
# prismConfig.cmake and friends, prism.pc: all a game needs to build against the core) and
# `programs` (prism-query, prism). `cmake --install BUILD --component dev` needs only the core
# built; tests/package installs that way.
include(CMakePackageConfigHelpers)

# Headers: the whole include folders, so that a header added later (collision/recording.hpp)
# is installed with no change here.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/collision/include/ ${PROJECT_SOURCE_DIR}/levels/include/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev FILES_MATCHING PATTERN "*.hpp")

# prism::collision, prism::collision2d, prism::levels (prism_export in cmake/prism_export.cmake).
set(PRISM_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/prism)
install(EXPORT prism_targets NAMESPACE prism:: FILE prismTargets.cmake
  DESTINATION ${PRISM_CMAKE_DIR} COMPONENT dev)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/prismConfig.cmake.in
  ${PROJECT_BINARY_DIR}/package/prismConfig.cmake INSTALL_DESTINATION ${PRISM_CMAKE_DIR})
# 0.x: a 0.y prefix satisfies find_package(prism 0.x) only for the same major version, as any
# other major; the headers say what changes between versions.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/package/prismConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/package/prismConfig.cmake ${PROJECT_BINARY_DIR}/package/prismConfigVersion.cmake
  DESTINATION ${PRISM_CMAKE_DIR} COMPONENT dev)

# prism.pc, relocatable: the prefix is found from the .pc file's own folder (${pcfiledir}), so
# an installed tree may be moved (or unpacked from the .deb) anywhere. Static libraries need
# what they link at the game's link, so their dependencies are public (Requires) in a static
# build and private in a shared one.
file(RELATIVE_PATH PRISM_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" PRISM_PC_TO_PREFIX "${PRISM_PC_TO_PREFIX}")
if(BUILD_SHARED_LIBS)
  set(PRISM_PC_REQUIRES "glm")
  set(PRISM_PC_REQUIRES_PRIVATE "tbb libzip assimp zlib")
  set(PRISM_PC_LIBS_PRIVATE "-pthread")
  set(PRISM_PC_LIBS_EXTRA "")
else()
  set(PRISM_PC_REQUIRES "glm tbb libzip assimp zlib")
  set(PRISM_PC_REQUIRES_PRIVATE "")
  set(PRISM_PC_LIBS_PRIVATE "")
  set(PRISM_PC_LIBS_EXTRA " -pthread")
endif()
# The definitions the headers depend on (collision/CMakeLists.txt's PUBLIC ones).
if(PRISM_RECORDING)
  set(PRISM_PC_CFLAGS_EXTRA " -DPRISM_RECORDING=1")
else()
  set(PRISM_PC_CFLAGS_EXTRA " -DPRISM_RECORDING=0")
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/prism.pc.in ${PROJECT_BINARY_DIR}/package/prism.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/package/prism.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT dev)

# cpack -G DEB (in the build folder): one package, prism, with both components: the libraries,
# headers, CMake and pkg-config files, prism and prism-query, under /usr. dpkg-shlibdeps
# (dpkg-dev) declares the shared libraries the programs load (libtbb12, libzip4, libassimp5,
# libvulkan1, libglfw3, ...); the -dev packages below are what find_package(prism) and
# `pkg-config prism` need on the game's machine (libzip's CMake file checks that its tools exist).
set(CPACK_PACKAGE_NAME prism)
set(CPACK_PACKAGE_VENDOR "Prism")
set(CPACK_PACKAGE_CONTACT "Prism maintainers <prism@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "C++20 collision core for games (sweeps, character controller) with its debugger and command line")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "libglm-dev, libtbb-dev, libzip-dev, zipcmp, zipmerge, ziptool, libassimp-dev, zlib1g-dev")
if(PRISM_RENDERER)
  # prism loads Vulkan through volk (dlopen), which dpkg-shlibdeps cannot see; lavapipe
  # (mesa-vulkan-drivers) runs it where there is no GPU.
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", libvulkan1")
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "mesa-vulkan-drivers")
endif()
# prism-query's and prism's map names (oa_dm1, freedoom1:E1M1) read these when installed.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "openarena-081-maps, freedoom")
include(CPack)
