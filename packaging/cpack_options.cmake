# Per-generator CPack settings (CPACK_PROJECT_CONFIG_FILE, read by cpack for each generator): a tarball unpacks into
# one folder (probescope[-cli]-VERSION-Linux-ARCH/bin, share), a .deb into / (usr/bin, usr/share).
if(CPACK_GENERATOR STREQUAL "TGZ")
  set(CPACK_COMPONENT_INCLUDE_TOPLEVEL_DIRECTORY ON)
endif()
