// The plugin looks at the compile's own device module, at the start of its
// optimisation pipeline (clang 18+), for the kernels that cannot reach
// shared memory, and does not generate those again: the compile has shown
// that they have no access. The findings are those of the driver, which
// generates everything, and the compile's output is unchanged
// (unchanged-output.cu).
// REQUIRES: llvm-22
// RUN: env LDSLINT_DEBUG_TIME=1 %clang -x cuda -nocudainc -nocudalib -I%inputs -include cuda.h --cuda-gpu-arch=%cuda_arch --cuda-device-only -O2 -S -o /dev/null %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s --check-prefixes=CHECK,SEEN
// RUN: not %ldslint --report=all %s -- -x cuda -nocudainc -nocudalib -I%inputs -include cuda.h --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// Without code generation (-fsyntax-only) the compile has no module to
// show, and every kernel is generated.
// RUN: env LDSLINT_DEBUG_TIME=1 %clang -x cuda -nocudainc -nocudalib -I%inputs -include cuda.h --cuda-gpu-arch=%cuda_arch --cuda-device-only -fsyntax-only %plugin %s 2>&1 | FileCheck %s --check-prefix=UNSEEN

// SEEN: ldslint: codegen {{.*}}, 1 kernels without shared memory in the compile's own module not generated)

__device__ float scale(float x) { return 2.0f * x; }

// No shared memory, directly or through its helper: not generated again.
__global__ void axpy(float *y, const float *x) {
  y[threadIdx.x] += scale(x[threadIdx.x]);
}

__device__ float fromTile(const float *tile, int i) { return tile[i]; }
// CHECK-DAG: compiled-module.cu:[[#@LINE-1]]:62: warning: 32-way bank conflict reading shared array 'tile'

// Shared memory through a helper: generated and analysed.
__global__ void column(float *out, const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = fromTile(&tile[0][0], threadIdx.x * 32 + threadIdx.y);
  // CHECK-DAG: compiled-module.cu:[[#@LINE-3]]:3: remark: writing shared array 'tile' on sm_{{[0-9]+}}: no bank conflict
  // CHECK-DAG: compiled-module.cu:[[#@LINE-2]]:41: note: in the device function called here
}

void launch(float *o, const float *i) {
  axpy<<<1, 32>>>(o, i);
  column<<<1, dim3(32, 32)>>>(o, i);
}
// UNSEEN: ldslint: codegen {{.*}} no kernel reaches not handed)
