// A lane taken from the global thread index, `(blockIdx.x * blockDim.x +
// threadIdx.x) % 32` or `& 1`, with no launch shape: blockDim.x is assumed
// a multiple of the warp, so blockIdx.x * blockDim.x is a whole number of
// periods of the remainder and drops out, whatever blockIdx.x is. A signed
// dividend that may be negative keeps it (`%` follows the sign there).
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s

__global__ void lanes(float *out, const float *in) {
  __shared__ float padded[32][33];
  __shared__ float pairs[2][32];
  __shared__ float rows[32][32];
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = gid % 32;
  padded[lane][0] = in[gid];
  // CHECK: global-index-lane.cu:[[@LINE-1]]:3: remark: writing shared array 'padded' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  pairs[gid & 1][lane] = in[gid];
  // CHECK: global-index-lane.cu:[[@LINE-1]]:3: remark: writing shared array 'pairs' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  const unsigned ugid = blockIdx.x * blockDim.x + threadIdx.x;
  rows[ugid % 32][0] = 1.0f;
  // CHECK: global-index-lane.cu:[[@LINE-1]]:3: warning: 32-way bank conflict writing shared array 'rows' on sm_{{[0-9]+}}: 32 wavefronts
  __syncthreads();
  // Negative for the lanes before the block's start: not a lane number.
  const int back = threadIdx.x - blockIdx.x * blockDim.x;
  out[gid] = padded[back % 32][1];
  // CHECK: global-index-lane.cu:[[@LINE-1]]:14: remark: reading shared array 'padded' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on blockIdx.x
}
