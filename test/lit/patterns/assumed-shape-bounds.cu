// Without a launch, the block shape is assumed (blockDim.x a whole number
// of warps, y and z powers of two). A shape under which a lane indexes past
// the end of the array is undefined behaviour, not the program: it is left
// out, and the finding says so. An 8x8 tile read by columns is 2-way under
// the shapes that fit it, not the 8-way of a 32-row block (CUDA_Freshman's
// transform_shared_memory.cu, whose block shape comes from argv).
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not="{{[0-9]+}}-way"

__global__ void smallTile(float *out, const float *in) {
  __shared__ float tile[8][8];
  const unsigned idx = threadIdx.y * blockDim.x + threadIdx.x;
  const unsigned irow = idx / blockDim.y, icol = idx % blockDim.y;
  tile[threadIdx.y][threadIdx.x] = in[idx];
  __syncthreads();
  out[idx] = tile[icol][irow];
  // CHECK: assumed-shape-bounds.cu:[[@LINE-1]]:14: warning: 2-way bank conflict reading shared array 'tile'
  // CHECK: note: block shape unknown: assumed blockDim.x is 32 times a power of two
  // CHECK: note: assumed block shapes under which a lane accesses past the end of the array are left out
}

// No assumed shape fits a 32-float array when lanes stride by 4 (lane 8
// is past its end): the answer is the one without the test.
__global__ void noShapeFits(float *out) {
  __shared__ float s[32];
  out[threadIdx.x] = s[threadIdx.x * 4];
  // CHECK: assumed-shape-bounds.cu:[[@LINE-1]]:22: warning: 4-way bank conflict reading shared array 's'
  // CHECK-NOT: past the end
}
