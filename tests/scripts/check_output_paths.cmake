# Every output goes through ps::AtomicFile (core/io/file_io): fails when product code (core/, app/, ui/) opens a
# file for writing, creates, renames or deletes one anywhere else. The only exceptions: file_io.cpp itself, the
# SQLite wrapper (which creates a database only at the temporary path that vis_db_writer.cpp and
# vis_db_bulk_insert.cpp get from AtomicFile).
# Usage: cmake -DSOURCE_DIR=<repository> -P check_output_paths.cmake
cmake_minimum_required(VERSION 3.25)
set(pattern "std::ofstream|fopen\\(|QSaveFile|WriteOnly|ReadWrite|O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|mkstemp|mkostemp|SQLITE_OPEN_CREATE|SQLITE_OPEN_READWRITE|rename\\(|filesystem::copy|fs::copy|QFile::copy|truncate\\(|unlink\\(|fs::remove|QFile::remove|Mode::Create")
set(allowed
  "core/io/file_io.cpp"
  "core/io/file_io.h"
  "core/vis/vis_db_sqlite.cpp"
  "core/vis/vis_db_sqlite.h")
set(violations "")
foreach(part core app ui)
  file(GLOB_RECURSE sources "${SOURCE_DIR}/${part}/*.cpp" "${SOURCE_DIR}/${part}/*.h")
  foreach(f ${sources})
    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
    if(rel IN_LIST allowed)
      continue()
    endif()
    file(STRINGS "${f}" hits REGEX "${pattern}")
    foreach(line ${hits})
      # The .vis.db writers may create their database at the AtomicFile's temporary path, nowhere else.
      if((rel STREQUAL "core/vis/vis_db_writer.cpp" OR rel STREQUAL "core/vis/vis_db_bulk_insert.cpp") AND line MATCHES "SqliteDb db\\(out\\.tempPath\\(\\), SqliteDb::Mode::Create")
        continue()
      endif()
      string(STRIP "${line}" line)
      list(APPEND violations "${rel}: ${line}")
    endforeach()
  endforeach()
endforeach()
if(violations)
  string(REPLACE ";" "\n  " text "${violations}")
  message(FATAL_ERROR "writes that bypass ps::AtomicFile (core/io/file_io.h):\n  ${text}")
endif()
message(STATUS "every output goes through ps::AtomicFile")
