// The plugin never changes what the compile produces: the device assembly
// (PTX) and the host object are byte-identical with and without it,
// also when it reports conflicts and fix-its, and at -O0 and -O2.
// RUN: %clang -x cuda -nocudainc -nocudalib -I%inputs -include cuda.h --cuda-gpu-arch=%cuda_arch --cuda-device-only -O2 -S %s -o %t.plain.ptx
// RUN: %clang -x cuda -nocudainc -nocudalib -I%inputs -include cuda.h --cuda-gpu-arch=%cuda_arch --cuda-device-only -O2 -S %plugin %s -o %t.plugin.ptx 2> %t.diag
// RUN: cmp %t.plain.ptx %t.plugin.ptx
// RUN: FileCheck %s --input-file=%t.diag
// RUN: %clang -x cuda -nocudainc -nocudalib -I%inputs -include cuda.h --cuda-gpu-arch=%cuda_arch --cuda-device-only -O0 -S %s -o %t.plain0.ptx
// RUN: %clang -x cuda -nocudainc -nocudalib -I%inputs -include cuda.h --cuda-gpu-arch=%cuda_arch --cuda-device-only -O0 -S %plugin %s -o %t.plugin0.ptx 2>/dev/null
// RUN: cmp %t.plain0.ptx %t.plugin0.ptx
// RUN: %clang -x cuda -nocudainc -nocudalib -I%inputs -include cuda.h --cuda-gpu-arch=%cuda_arch --cuda-host-only -O2 -c %s -o %t.plain.o
// RUN: %clang -x cuda -nocudainc -nocudalib -I%inputs -include cuda.h --cuda-gpu-arch=%cuda_arch --cuda-host-only -O2 -c %plugin %s -o %t.plugin.o
// RUN: cmp %t.plain.o %t.plugin.o

__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: unchanged-output.cu:[[@LINE-1]]:41: warning: 32-way bank conflict reading shared array 'tile'
}

void launch(float *o, const float *i) { transpose<<<1, dim3(32, 32)>>>(o, i); }
