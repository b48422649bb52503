# lit configuration for ldslint's user-visible behaviour.
import os
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

# A hermetic CUDA / HIP compile: stub header, no SDK.
clang = config.clang + " -Wno-unknown-cuda-version"
cuda = ("%s -x cuda -nocudainc -nocudalib -fsyntax-only -I%s -include cuda.h "
        "--cuda-gpu-arch=sm_90" % (clang, inputs))
hip = ("%s -x hip -nogpuinc -nogpulib -fsyntax-only -I%s -include cuda.h "
       "--offload-arch=gfx90a" % (clang, inputs))
config.substitutions.append(("%clang_cuda_device",
                             cuda + " --cuda-device-only"))
config.substitutions.append(("%clang_cuda", cuda))
config.substitutions.append(("%clang_hip", hip))
config.substitutions.append(("%clang", clang))
config.substitutions.append(("%plugin", "-fplugin=" + plugin))
config.substitutions.append(("%ldslint", driver))
config.substitutions.append(("%stubargs",
                             "-x cuda -nocudainc -nocudalib -I%s -include cuda.h" % inputs))
config.substitutions.append(("%inputs", inputs))

if config.cuda_path and int(config.llvm_version_major) >= 22:
    config.available_features.add("cuda-sdk")
    config.substitutions.append(("%cuda_path", config.cuda_path))
if os.path.exists("/usr/include/hip/hip_runtime.h"):
    config.available_features.add("hip-headers")
config.available_features.add("llvm-%s" % config.llvm_version_major)
