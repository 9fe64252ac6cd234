# Unpacks one test case of tests/data/golden into the build tree, so tests read the real msprobe dumps from
# repository files alone: dumps.tar.gz is extracted, every other entry (compare.json, build.json, mapping.yaml,
# ref_*/ reference outputs) is copied beside it. A stamp file marks a complete unpack; its folder is made here,
# since only Ninja creates the folders of a custom command's outputs (Unix Makefiles does not).
# Usage: cmake -DSRC=<tests/data/golden/case> -DDEST=<build/tests/cases/case> -DSTAMP=<file> -P unpack_case.cmake
cmake_minimum_required(VERSION 3.25)
if(NOT SRC OR NOT DEST OR NOT STAMP)
  message(FATAL_ERROR "usage: cmake -DSRC=DIR -DDEST=DIR -DSTAMP=FILE -P unpack_case.cmake")
endif()
file(REMOVE_RECURSE "${DEST}" "${STAMP}")
get_filename_component(stamp_dir "${STAMP}" DIRECTORY)
file(MAKE_DIRECTORY "${DEST}" "${stamp_dir}")
file(GLOB entries LIST_DIRECTORIES true "${SRC}/*")
foreach(entry ${entries})
  get_filename_component(name "${entry}" NAME)
  if(name STREQUAL "dumps.tar.gz")
    file(ARCHIVE_EXTRACT INPUT "${entry}" DESTINATION "${DEST}")
  else()
    file(COPY "${entry}" DESTINATION "${DEST}")
  endif()
endforeach()
file(TOUCH "${STAMP}")
