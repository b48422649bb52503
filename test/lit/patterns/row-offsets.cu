// Vector rows in dynamic shared memory, sized by a kernel argument (llm.c's
// layernorm kernels): each warp of a block 32 wide owns a row at
// `(2 + threadIdx.y) * C / 4` vectors, and walks it with `c / 4` over a loop
// whose bound is C.
//  - `c` runs over multiples of 4, so `c / 4` divides exactly: the address is
//    linear in the loop's iteration and needs no bound.
//  - The row offset is not known, but it is the same for every lane of a
//    warp: a rotation of the banks, which changes no conflict.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch -DHALF_WARP_ROWS 2>&1 | FileCheck %s --check-prefix=HALF

struct alignas(16) f4 {
  float v[4];
};

__global__ void rows(f4 *out, const f4 *in, int C) {
  extern __shared__ char params[];
  f4 *s_weight = reinterpret_cast<f4 *>(params);
  f4 *s_row = reinterpret_cast<f4 *>(params) + ((2 + threadIdx.y) * C / 4);
  const int first = (threadIdx.x + 32 * threadIdx.y) * 4;
  for (int i = first; i < C; i += blockDim.y * 32 * 4)
    s_weight[i / 4] = in[i / 4];
  // CHECK: row-offsets.cu:[[@LINE-1]]:5: remark: writing shared array 'params' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  __syncthreads();
  for (int c = threadIdx.x * 4; c < C; c += 32 * 4)
    s_row[c / 4] = in[c / 4];
  // CHECK: row-offsets.cu:[[@LINE-1]]:5: remark: writing shared array 'params' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  // HALF: row-offsets.cu:[[@LINE-2]]:5: remark: writing shared array 'params' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `C` (it is a kernel argument) through a non-linear operation
  __syncthreads();
  // Every other vector: lanes 0 and 4 of a quarter warp meet on banks.
  for (int c = threadIdx.x * 4; c < C / 2; c += 32 * 4)
    out[c / 4] = s_row[c / 2];
  // CHECK: row-offsets.cu:[[@LINE-1]]:16: warning: 2-way bank conflict reading shared array 'params' on sm_{{[0-9]+}}: 8 wavefronts per warp instruction, ideal 4
}

void launch(f4 *o, const f4 *i, int C) {
#ifdef HALF_WARP_ROWS
  rows<<<1, dim3(16, 8), 1000>>>(o, i, C);
#else
  rows<<<1, dim3(32, 4), 1000>>>(o, i, C);
#endif
}
