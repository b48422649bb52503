// A block shape assumed from the kernel's thread numbering (32 wide, from
// `thrInBlock < 16`; 32x16 from __launch_bounds__(512)) puts lanes past the
// end of 256-entry arrays, which rules the shape out. Where the access is
// guarded by a lane test on a value not known statically (nvdiffrast's bin
// rasteriser: `thrInBlock < p.numBins`), those lanes are taken to fail the
// test instead, and the note says so: each access is decided. Without such
// a test the shape stays ruled out (`unguarded`).
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s

struct Params { int numBins; };

__global__ void __launch_bounds__(512, 1) bins(const Params p, int *out) {
  __shared__ int s_outOfs[256];
  __shared__ int s_broadcast[32];
  int thrInBlock = threadIdx.x + threadIdx.y * 32;
  if (thrInBlock < 16)
    s_broadcast[thrInBlock] = 0;
  if (thrInBlock < p.numBins)
    s_outOfs[thrInBlock] = -32;
  // CHECK: guarded-past-end.cu:[[@LINE-1]]:5: remark: writing shared array 's_outOfs' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  // CHECK: note: block shape 32x16x1 from an assumption
  // CHECK: note: the lanes that would access past the end of the array under the assumed block shape are taken to fail `{{.*}}` (no lane of a correct program accesses past it)
  __syncthreads();
  if (thrInBlock < p.numBins)
    out[thrInBlock] = s_outOfs[thrInBlock];
  // CHECK: guarded-past-end.cu:[[@LINE-1]]:23: remark: reading shared array 's_outOfs' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
}

__global__ void __launch_bounds__(512, 1) unguarded(int *out) {
  __shared__ int s_table[256];
  __shared__ int s_first[32];
  int thrInBlock = threadIdx.x + threadIdx.y * 32;
  if (thrInBlock < 16)
    s_first[thrInBlock] = 0;
  s_table[thrInBlock] = 1;
  // CHECK: guarded-past-end.cu:[[@LINE-1]]:3: remark: writing shared array 's_table' on sm_{{[0-9]+}}: bank conflicts not decided: under every block shape assumed from the kernel's thread numbering a lane accesses past the end of the array
  __syncthreads();
  out[thrInBlock] = s_first[thrInBlock % 16];
}
