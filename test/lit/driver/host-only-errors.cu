// Code that only nvcc accepts on the host side does not stop the analysis
// of the kernels. NVIDIA's transpose sample calls max(float, float) from
// main: nvcc compiles main with the host compiler, but clang's device
// compile sees only a __device__ max and rejects the call. The driver adds
// -fgpu-defer-diag (errors in functions not compiled for the GPU are set
// aside), says where it set code aside, and analyses the kernels. Errors
// in device code, syntax errors, and a user's -fno-gpu-defer-diag still
// stop the file (exit 2).
// RUN: %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.out
// RUN: %ldslint --format=json %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json 2> %t.json.err; test $? -eq 1
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json --implicit-check-not=ldslint:
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.json.err
// RUN: %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch -DDEVICE_ERROR > %t.dev 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=DEVICE --input-file=%t.dev
// RUN: %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch -DSYNTAX_ERROR > %t.syn 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=SYNTAX --input-file=%t.syn
// RUN: %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fno-gpu-defer-diag > %t.no 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=NODEFER --input-file=%t.no

// As in clang's __clang_cuda_math.h: a device-only overload.
__device__ float max(float a, float b);
float hostOnly(float);
__global__ void transposeNaive(float *out, const float *in);

int main() {
  float scale = max(192.0f / 80, 1.0f);
  // CHECK: ldslint: note: added -fgpu-defer-diag (errors in host-only code, which nvcc leaves to the host compiler, do not stop the analysis of the kernels; errors in device code still do)
  int rows = 8;
  int most = max(rows, 4);
  // CHECK-NEXT: ldslint: note: added -Wno-register
  // CHECK-NEXT: ldslint: note: host-only code that clang's device compile rejects (nvcc compiles it with the host compiler) was set aside, the kernels are analysed: {{.*}}host-only-errors.cu:[[@LINE-5]]:17 (a call to 'max'), {{.*}}host-only-errors.cu:[[@LINE-2]]:14 (a call to 'max'){{$}}
  // NOTE: ldslint: note: added -fgpu-defer-diag
  // NOTE: ldslint: note: host-only code {{.*}} set aside
  // NODEFER-NOT: added -fgpu-defer-diag
  // NODEFER: host-only-errors.cu:[[@LINE-9]]:17: error: no matching function for call to 'max'
#ifdef SYNTAX_ERROR
  int broken = ;
  // SYNTAX: host-only-errors.cu:[[@LINE-1]]:16: error: expected expression
  // SYNTAX-NOT: warning: {{.*}}[ldslint]
#endif
  dim3 threads;
  threads.x = 32;
  threads.y = rows; // read, not changed, by the call set aside
  transposeNaive<<<1, threads>>>(nullptr, nullptr);
  return scale > most;
}

__global__ void transposeNaive(float *out, const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: host-only-errors.cu:[[@LINE-1]]:41: warning: 32-way bank conflict reading shared array 'tile'
  // CHECK: note: block shape 32x8x1 from the launch at
  // JSON: "function": "transposeNaive",
  // JSON: "status": "conflict",
#ifdef DEVICE_ERROR
  out[0] = hostOnly(1.0f);
  // DEVICE: host-only-errors.cu:[[@LINE-1]]:12: error: no matching function for call to 'hostOnly'
  // DEVICE-NOT: warning: {{.*}}[ldslint]
#endif
}
