// A test that is partly known per lane and partly not: HeCBench's
// laplace3d sets `halo = k < 84` from the thread's number, then, for those
// threads, `halo = in_grid(i, j)` from the kernel's arguments, and writes
// its halo cells `if (halo)`. The unknown part was assumed true for every
// lane, so threads 84 and up, which never write, conflicted with thread 76:
// a 2-way conflict the H200 never measured (every halo write 1 wavefront,
// test/hardware/real-code/measured/hec_laplace3d.md). Lanes for which the
// known part decides the test false now skip the access; the others are
// assumed to run it, and the note says so.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

__global__ void halos(float *out, const float *in, int nx) {
  __shared__ float u[64];
  const int k = threadIdx.x;
  // Lanes 0-15 may write (if column k of the grid exists); 16-31 never do.
  const bool halo = k < 16 ? blockIdx.x * 16 + k < nx : false;
  if (halo)
    u[k + 16 * (k / 16)] = in[blockIdx.x * 16 + k];
  // CHECK: partly-known-conditions.cu:[[@LINE-1]]:5: remark: writing shared array 'u' on sm_{{[0-9]+}}: no bank conflict
  // CHECK: note: assumed every lane that can satisfy `{{.*}}` does
  __syncthreads();
  out[k] = u[k];
}

// Where the known part leaves every lane possible, the assumption is the
// old one, and lanes 0 and 16 still conflict.
__global__ void everyLane(float *out, const float *in, int nx) {
  __shared__ float u[64];
  const int k = threadIdx.x;
  if (blockIdx.x * 32 + k < nx)
    u[k + 16 * (k / 16)] = in[k];
  // CHECK: partly-known-conditions.cu:[[@LINE-1]]:5: warning: 2-way bank conflict writing shared array 'u'
  // CHECK: note: assumed every lane satisfies `{{.*}}`
  __syncthreads();
  out[k] = u[k];
}

void launch(float *out, const float *in, int nx) {
  halos<<<4, 32>>>(out, in, nx);
  everyLane<<<4, 32>>>(out, in, nx);
}
