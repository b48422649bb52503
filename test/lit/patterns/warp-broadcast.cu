// A shuffle that hands one lane's value to the whole warp (`__shfl_sync`
// over 32 lanes from a source lane every lane names alike) gives the same
// value in every lane: added to an address, it moves the whole warp's
// accesses together and the conflict is decided (darknet's binary GEMM,
// `shfl(base, t) + 8 * lane`). A source lane that differs between lanes, or
// a shuffle within segments of 16 lanes (each segment its own source),
// stays per lane: unknown.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

// What cuda.h's __shfl_sync(mask, v, src, width) compiles to.
__device__ int shfl(int v, int src, int width = 32) {
  return __nvvm_shfl_sync_idx_i32(0xffffffffu, v, src, ((32 - width) << 8) | 0x1f);
}

__global__ void broadcast(const int *in, unsigned long long *out) {
  __shared__ unsigned long long a[4096];
  for (int i = threadIdx.x; i < 4096; i += blockDim.x)
    a[i] = in[i];
  __syncthreads();
  const int lane = threadIdx.x % 32;
  const int base = in[threadIdx.x] & 2047;
  unsigned long long acc = 0;
#pragma unroll
  for (int t = 0; t < 32; ++t) {
    const int b = shfl(base, t);
    acc ^= a[b + lane];
    // CHECK: warp-broadcast.cu:[[@LINE-1]]:12: remark: reading shared array 'a' on sm_{{[0-9]+}}: no bank conflict (2 wavefronts per warp instruction)
    acc ^= a[b + 16 * lane];
    // CHECK: warp-broadcast.cu:[[@LINE-1]]:12: warning: 16-way bank conflict reading shared array 'a'
  }
  const int mine = shfl(base, lane ^ 1);
  acc ^= a[mine + lane];
  // CHECK: warp-broadcast.cu:[[@LINE-1]]:10: remark: reading shared array 'a' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on a value, which differs between lanes
  const int half = shfl(base, 0, 16);
  acc ^= a[half + lane];
  // CHECK: warp-broadcast.cu:[[@LINE-1]]:10: remark: reading shared array 'a' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on a value, which differs between lanes
  out[threadIdx.x] = acc;
}

void launch(const int *in, unsigned long long *out) { broadcast<<<16, 128>>>(in, out); }
