# lit configuration for ldslint's user-visible behaviour.
import os
import sys
import lit.formats

config.name = "ldslint"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cu", ".hip", ".test"]
config.test_source_root = os.path.join(config.ldslint_src_root, "test", "lit")
config.test_exec_root = os.path.join(config.ldslint_obj_root, "test", "lit")
config.excludes = ["Inputs"]

inputs = os.path.join(config.ldslint_src_root, "test", "Inputs")
plugin = os.path.join(config.ldslint_obj_root, "lib", "ldslint.so")
driver = os.path.join(config.ldslint_obj_root, "bin", "ldslint")
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])

# -DLDSLINT_SANITIZE=ON: the plugin and tidy module are loaded by an
# uninstrumented clang, so the sanitizer runtimes are preloaded into every
# command. Leak checking is off: clang frees nothing on purpose (-disable-free).
if getattr(config, "sanitizer_runtimes", []):
    config.available_features.add("sanitized")
    config.environment["LD_PRELOAD"] = " ".join(config.sanitizer_runtimes)
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0:abort_on_error=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"

# <omp.h> only from GCC's own headers (clang has one with its libomp).
import glob
import subprocess
try:
    resource = subprocess.run([config.clang.split()[0], "-print-resource-dir"],
                              capture_output=True, text=True).stdout.strip()
except OSError:
    resource = ""
if glob.glob("/usr/lib/gcc/*/*/include/omp.h") and resource and \
        not os.path.exists(os.path.join(resource, "include", "omp.h")):
    config.available_features.add("gcc-omp-only")

# A hermetic CUDA / HIP compile: stub header, no SDK.
clang = config.clang + " -Wno-unknown-cuda-version"
# clang 15 does not know sm_90; the NVIDIA bank model is the same for sm_80.
cuda_arch = "sm_90" if int(config.llvm_version_major) >= 16 else "sm_80"
cuda = ("%s -x cuda -nocudainc -nocudalib -fsyntax-only -I%s -include cuda.h "
        "--cuda-gpu-arch=%s" % (clang, inputs, cuda_arch))
hip = ("%s -x hip -nogpuinc -nogpulib -fsyntax-only -I%s -include cuda.h "
       "--offload-arch=gfx90a" % (clang, inputs))
car = os.path.join(config.llvm_tools_dir, "clang-apply-replacements")
config.substitutions.append(("%clang-apply-replacements", car))
if os.path.exists(car):
    config.available_features.add("clang-apply-replacements")
config.substitutions.append(("%clang_cuda_device",
                             cuda + " --cuda-device-only"))
config.substitutions.append(("%clang_cuda", cuda))
config.substitutions.append(("%clang_hip", hip))
config.substitutions.append(("%clang", clang))
config.substitutions.append(("%plugin", "-fplugin=" + plugin))
config.substitutions.append(("%ldslint-lsp", driver + "-lsp"))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%stubargs_json", ", ".join(
    '"%s"' % a for a in ["-x", "cuda", "-nocudainc", "-nocudalib", "-I" + inputs,
                         "-include", "cuda.h"])))
config.substitutions.append(("%ldslint", driver))
config.substitutions.append(("%stubargs",
                             "-x cuda -nocudainc -nocudalib -I%s -include cuda.h" % inputs))
config.substitutions.append(("%inputs", inputs))
config.substitutions.append(("%obj_root", config.ldslint_obj_root))
config.substitutions.append(("%cuda_arch", cuda_arch))

if config.cuda_path and int(config.llvm_version_major) >= 22:
    config.available_features.add("cuda-sdk")
    config.substitutions.append(("%cuda_path", config.cuda_path))
tidy = os.path.join(config.llvm_tools_dir, "clang-tidy")
tidy_module = os.path.join(config.ldslint_obj_root, "lib", "ldslint-tidy.so")
if os.path.exists(tidy) and os.path.exists(tidy_module):
    config.available_features.add("clang-tidy")
    config.substitutions.append(("%tidy", "%s --load=%s" % (tidy, tidy_module)))
nvcc = os.path.join(config.cuda_path or "/usr/local/cuda", "bin", "nvcc")
if os.path.exists(nvcc):
    config.available_features.add("nvcc")
    # nvcc's own tools crash with the sanitizer runtimes preloaded.
    config.substitutions.append(
        ("%nvcc", ("env -u LD_PRELOAD " if "sanitized" in config.available_features
                   else "") + nvcc))
if (os.path.exists("/usr/include/hip/hip_runtime.h") and
        int(config.llvm_version_major) >= 20):
    config.available_features.add("hip-headers")
# Debian's HIP 5.2 headers use a macro that clang 20+ no longer defines.
config.substitutions.append(("%hipwavedef",
    "-Xarch_gfx90a -D__AMDGCN_WAVEFRONT_SIZE=64 "
    "-Xarch_gfx1100 -D__AMDGCN_WAVEFRONT_SIZE=32"
    if int(config.llvm_version_major) >= 20 else ""))
config.available_features.add("llvm-%s" % config.llvm_version_major)
import shutil
# The other clang ldslint supports (15 for a 22 build, else 22): loading the
# plugin into it must fail with a clear error (plugin/wrong-clang.test).
other_clang = "/usr/lib/llvm-%s/bin/clang" % (
    "15" if int(config.llvm_version_major) != 15 else "22")
if shutil.which("hipcc"):
    config.available_features.add("hipcc")
if os.path.exists(other_clang):
    config.available_features.add("other-clang")
    config.substitutions.append(("%other_clang", other_clang))
if int(config.llvm_version_major) >= 16:
    config.available_features.add("cuda-arch-list")

# Headless Chromium and a Node with WebSocket (20.10+): the HTML report's
# browser test (test/browser/). tools/setup.sh installs Debian's chromium.
import shutil, subprocess
def _node_has_websocket():
    try:
        return subprocess.run(["node", "--experimental-websocket", "--no-warnings", "-e",
                               "process.exit(typeof WebSocket === 'function' ? 0 : 1)"],
                              capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False
# (Not under the sanitizers: their runtimes, preloaded into every command,
# do not belong in Chromium and node; the normal build runs this test.)
if (shutil.which("chromium") and _node_has_websocket() and
        "sanitized" not in config.available_features):
    config.available_features.add("chromium")
config.substitutions.append(("%src_root", config.ldslint_src_root))
