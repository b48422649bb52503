"""Writes a small CUDA or HIP project and the compile_commands.json CMake
would write for it (no GPU; CUDA sources use the test stub header given in
STUBARGS, HIP sources include <hip/hip_runtime.h>).

    gen-project.py DIR nvcc|hipcc [STUBARGS] [--only=a_transpose,d_broken]

DIR/src holds five sources (two conflicting transposes, a 2-way strided
read, a conflict-free kernel, one that does not compile) and a host-only
file; DIR/build/compile_commands.json has an entry per source in the style
of CMake's CUDA language with nvcc, or its HIP language with hipcc."""
import json
import os
import sys

out, style = sys.argv[1], sys.argv[2]
rest = sys.argv[3:]
only = [a[len("--only="):].split(",") for a in rest if a.startswith("--only=")]
rest = [a for a in rest if not a.startswith("--only=")]
stub = rest[0].split() if rest else []
ext = ".cu" if style == "nvcc" else ".hip"

TRANSPOSE = """#define TILE 32
__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[TILE][TILE];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
void run(float *o, const float *i) { transpose<<<1, dim3(TILE, TILE)>>>(o, i); }
"""
SOURCES = {
    "a_transpose": TRANSPOSE,
    "b_strided": """__global__ void strided(float *out) {
  __shared__ float s[64 * 2];
  out[threadIdx.x] = s[threadIdx.x * 2];
}
void run(float *o) { strided<<<1, 64>>>(o); }
""",
    "c_clean": """__global__ void clean(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
}
void run(float *o) { clean<<<1, 256>>>(o); }
""",
    "d_broken": "__global__ void broken() { int x = ; }\n",
    "e/transpose_copy": TRANSPOSE.replace("transpose", "transpose_copy"),
}

os.makedirs(os.path.join(out, "src", "e"), exist_ok=True)
os.makedirs(os.path.join(out, "build"), exist_ok=True)
entries = []
build = os.path.join(out, "build")
for name, text in SOURCES.items():
    if only and name not in only[0]:
        continue
    path = os.path.join(out, "src", name + ext)
    with open(path, "w") as f:
        f.write(("" if style == "nvcc" else "#include <hip/hip_runtime.h>\n") + text)
    obj = "CMakeFiles/app.dir/src/%s%s.o" % (name, ext)
    if style == "nvcc":
        # CMake's CUDA language with nvcc (CMAKE_CUDA_ARCHITECTURES=70;80).
        cmd = (["/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler"] +
               stub + ["-O3", "--generate-code=arch=compute_70,code=[compute_70,sm_70]",
                       "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
                       "-Xcompiler=-fPIC", "--expt-relaxed-constexpr",
                       "-x", "cu", "-c", path, "-o", obj])
    else:
        # CMake's HIP language with hipcc as the compiler (gfx908;gfx90a).
        cmd = (["/usr/bin/hipcc"] + stub +
               ["-O3", "--offload-arch=gfx908", "--offload-arch=gfx90a", "-fPIC",
                "-o", obj, "-c", path])
    entries.append({"directory": build, "command": " ".join(cmd), "file": path,
                    "output": obj})
host = os.path.join(out, "src", "main.cpp")
with open(host, "w") as f:
    f.write("int main() { return 0; }\n")
entries.append({"directory": build, "command": "/usr/bin/c++ -O3 -c %s -o main.o" % host,
                "file": host, "output": "main.o"})
with open(os.path.join(build, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=2)
