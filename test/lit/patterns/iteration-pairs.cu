// The work-efficient scan over a constant size (GPU Gems 3, chapter 39):
// nvcc unrolls both sweeps, and in the iteration where `ai` and `bi` are
// adjacent words (offset 1) ptxas reads them with one LDS.64. Those
// iterations are left out: the degree is that of the others, and there is
// no mean (measured: test/hardware/explore/scan16.cu). The down-sweep
// starts from the offset the up-sweep leaves, stepped to its end.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fgpu-rdc 2>&1 | FileCheck %s --check-prefix=RDC
// RUN: not %ldslint --explain %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// EXPLAIN: 16-way bank conflict reading 'temp' in 'blelloch'
// EXPLAIN-NOT: no fix offered: no fix offered
// EXPLAIN: -- no fix offered: the accesses of the one-dimensional 'temp' do not share one row stride
#define N 512

__global__ void blelloch(float *d) {
  __shared__ float temp[N];
  const int thid = threadIdx.x;
  int offset = 1;
  temp[thid] = d[thid];
  temp[thid + N / 2] = d[thid + N / 2];
  for (int dd = N >> 1; dd > 0; dd >>= 1) {
    __syncthreads();
    if (thid < dd) {
      const int ai = offset * (2 * thid + 1) - 1;
      const int bi = offset * (2 * thid + 2) - 1;
      temp[bi] += temp[ai];
      // CHECK: iteration-pairs.cu:[[@LINE-1]]:19: warning: 16-way bank conflict reading shared array 'temp' on sm_{{[0-9]+}}: 6.58 wavefronts per warp instruction where it stays separate, ideal 1
      // CHECK: note: where the compiler unrolls the loop, this access and the one at line [[@LINE-2]], column 7 are adjacent words in some iterations, and ptxas may make them one wider instruction there (measured: LDS.64 on an H200); the other iterations are evaluated, and the mean is not known
      // The write has no partner: every iteration counts.
      // CHECK: iteration-pairs.cu:[[@LINE-4]]:7: warning: 16-way bank conflict writing shared array 'temp' on sm_{{[0-9]+}}: 4.75 wavefronts per warp instruction, ideal 1
      // With relocatable device code ptxas merges nothing in a static array.
      // RDC: iteration-pairs.cu:[[@LINE-6]]:19: warning: 16-way bank conflict reading shared array 'temp' on sm_{{[0-9]+}}: 4.75 wavefronts per warp instruction, ideal 1
    }
    offset *= 2;
  }
  if (thid == 0)
    temp[N - 1] = 0;
  for (int dd = 1; dd < N; dd *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < dd) {
      const int ai = offset * (2 * thid + 1) - 1;
      const int bi = offset * (2 * thid + 2) - 1;
      const float t = temp[ai];
      // CHECK: iteration-pairs.cu:[[@LINE-1]]:23: warning: 16-way bank conflict reading shared array 'temp' on sm_{{[0-9]+}}: 6.58 wavefronts per warp instruction where it stays separate, ideal 1
      // RDC: iteration-pairs.cu:[[@LINE-2]]:23: warning: 16-way bank conflict reading shared array 'temp' on sm_{{[0-9]+}}: 4.75 wavefronts per warp instruction, ideal 1
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  d[thid] = temp[thid];
  d[thid + N / 2] = temp[thid + N / 2];
}

void launch(float *d) { blelloch<<<1, N / 2>>>(d); }
