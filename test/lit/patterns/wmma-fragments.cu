// WMMA fragment loads and stores (what wmma::load_matrix_sync and
// store_matrix_sync become: NVVM's wmma intrinsics) on shared memory are
// accesses ldslint cannot cost: ptxas chooses the instructions (LDSM,
// LDS or STS of some width, by type and layout). They are `unknown`,
// saying so, never silent.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=sm_80 2>&1 | FileCheck %s
__global__ void tile(const int *in, int *out) {
  __shared__ int a[16 * 16];
  a[threadIdx.x] = in[threadIdx.x];
  // CHECK: wmma-fragments.cu:[[@LINE-1]]:3: remark: writing shared array 'a' on sm_80: no bank conflict
  __syncthreads();
  int frag[8];
  __hmma_m16n16k16_ld_a(frag, a, 16, 0);
  // CHECK: wmma-fragments.cu:[[@LINE-1]]:3: remark: reading shared array 'a' on sm_80: bank conflicts not decided: a WMMA fragment load (wmma::load_matrix_sync): which shared-memory instructions ptxas makes of it (by type and layout) is not modelled
  __shared__ float c[16 * 16];
  float acc[8] = {};
  __hmma_m16n16k16_st_c_f32(c, acc, 16, 0);
  // CHECK: wmma-fragments.cu:[[@LINE-1]]:3: remark: writing shared array 'c' on sm_80: bank conflicts not decided: a WMMA fragment store (wmma::store_matrix_sync)
  __syncthreads();
  out[threadIdx.x] = frag[threadIdx.x % 8] + (int)c[threadIdx.x];
  // CHECK: wmma-fragments.cu:[[@LINE-1]]:51: remark: reading shared array 'c' on sm_80: no bank conflict
}

void launch(const int *in, int *out) { tile<<<1, 32>>>(in, out); }
