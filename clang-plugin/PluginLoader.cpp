//===- PluginLoader.cpp - ldslint.so: the plugin for this clang, or an error ===//
//
// clang loads `-fplugin=ldslint.so` with dlopen. A plugin built against
// another clang major version fails inside dlopen ("undefined symbol:
// _ZTIN4llvm6detail14format_adapterE"), before any of its code runs, which
// tells a user nothing. So ldslint.so is this small library, with no clang
// or LLVM dependency: when loaded it asks the clang that loads it for its
// version (clang::getClangFullVersion, in every clang) and loads the real
// plugin, ldslint-clang<N>.so next to it, only into clang N. Into another
// clang it stops the compile with an error that names both versions.
//
//===----------------------------------------------------------------------===//
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

/// The loading clang's full version ("Debian clang version 22.1.8 ..."),
/// or empty when the host is not clang.
std::string hostClangVersion() {
  using VersionFn = std::string (*)();
  // clang::getClangFullVersion()
  void *Sym = dlsym(RTLD_DEFAULT, "_ZN5clang19getClangFullVersionB5cxx11Ev");
  return Sym ? reinterpret_cast<VersionFn>(Sym)() : std::string();
}

/// The major version in "... clang version 22.1.8 ...", or -1.
int majorOf(const std::string &Full) {
  const size_t At = Full.find("version ");
  if (At == std::string::npos)
    return -1;
  return std::atoi(Full.c_str() + At + 8);
}

std::string directoryOfThisLibrary() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&majorOf), &Info) || !Info.dli_fname)
    return ".";
  const std::string Path = Info.dli_fname;
  const size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? "." : Path.substr(0, Slash);
}

__attribute__((constructor)) void loadPlugin() {
  const std::string Here = directoryOfThisLibrary();
  const std::string Full = hostClangVersion();
  const int Host = majorOf(Full);
  if (Host > 0 && Host != LDSLINT_CLANG_MAJOR) {
    std::fprintf(stderr,
                 "error: ldslint: %s/ldslint.so is built for clang %d, but was "
                 "loaded into clang %d (%s); use ldslint built for clang %d "
                 "(cmake -DLDSLINT_LLVM_VERSION=%d)\n",
                 Here.c_str(), LDSLINT_CLANG_MAJOR, Host, Full.c_str(), Host, Host);
    std::exit(1);
  }
  const std::string Plugin = Here + "/" LDSLINT_PLUGIN_FILE;
  // As clang loads plugins: the registry entry the plugin adds is clang's.
  if (!dlopen(Plugin.c_str(), RTLD_LAZY | RTLD_GLOBAL)) {
    std::fprintf(stderr, "error: ldslint: cannot load %s: %s\n", Plugin.c_str(),
                 dlerror());
    std::exit(1);
  }
}

} // namespace
