// Two reads of one word (kept apart by a barrier) next to a read of the
// word after it. No compiler merges across a barrier, so the runs of
// adjacent words are taken within each barrier phase: the first read is
// alone before the barrier, 2-way as written; the other two are one
// aligned pair, one LDS.64 (ptxas's measured rule, lib/PtxasMerging.h).
// (Regression: such a run once never ended; later the first read was
// offered as a merge partner across the barrier.)
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

__global__ void reread(float *out) {
  __shared__ float s[128];
  s[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  const float a = s[2 * threadIdx.x];
  // CHECK: reread-pairs.cu:[[@LINE-1]]:19: warning: 2-way bank conflict reading shared array 's'
  __syncthreads();
  const float b = s[2 * threadIdx.x];
  const float c = s[2 * threadIdx.x + 1];
  // CHECK: reread-pairs.cu:[[@LINE-2]]:19: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict
  // CHECK: note: ptxas merges this access with the one at line [[@LINE-2]], column 19 into one 8-byte LDS.64
  // CHECK: reread-pairs.cu:[[@LINE-3]]:19: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict
  // CHECK: note: ptxas merges this access with the one at line [[@LINE-5]], column 19 into one 8-byte LDS.64
  out[threadIdx.x] = a + b + c;
}

void launch(float *o) { reread<<<1, 64>>>(o); }
