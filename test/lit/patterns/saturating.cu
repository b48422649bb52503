// `umax(t, 1u) - 1` is a saturating subtraction in the device IR
// (llvm.usub.sat): rocPRIM's odd-even transposition sort takes its partner
// that way. Lane 0 reads element 0 and lane 31 element 32: the same bank.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not="not decided"

__device__ unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
__device__ unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }

__global__ void oddEven(unsigned *out) {
  __shared__ unsigned keys[256];
  const unsigned t = threadIdx.x;
  keys[t] = out[t];
  __syncthreads();
  const unsigned partner = (t % 2 == 0) ? umax(t, 1u) - 1 : umin(t + 1, 255u);
  out[t] = keys[partner];
  // CHECK: saturating.cu:[[@LINE-1]]:{{[0-9]+}}: warning: 2-way bank conflict reading shared array 'keys' on sm_{{[0-9]+}}
  // CHECK: note: lanes 0, 31 of warp 0 access bytes 0, 128 of 'keys', all in bank 0
}

void launch(unsigned *o) { oddEven<<<1, 256>>>(o); }
