// The lane index read from PTX's %laneid (CUB's and libcu++'s
// get_sreg_laneid, hand-written `asm("mov.u32 %0, %%laneid;")`) is the
// linear thread index modulo 32, per lane; %warpid is the hardware warp slot,
// not the warp's index in the block, and stays unknown with that reason.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --check-prefixes=CHECK,IR

__device__ unsigned laneId() {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

__device__ unsigned warpSlot() {
  unsigned w;
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(w));
  return w;
}

// 16x4 blocks: lanes 0-31 are rows 0-1, so %laneid is x + 16 * y.
__global__ void strided(float *out) {
  __shared__ float s[32 * 4 * 2];
  const unsigned warp = (threadIdx.x + 16 * threadIdx.y) / 32;
  s[warp * 64 + 2 * laneId()] = out[threadIdx.x];
  // CHECK: lane-id.cu:[[@LINE-1]]:{{[0-9]+}}: warning: 2-way bank conflict writing shared array 's'
  __syncthreads();
  out[threadIdx.x] = s[warp * 64 + laneId()];
  // CHECK: lane-id.cu:[[@LINE-1]]:{{[0-9]+}}: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
}

__global__ void slots(float *out) {
  __shared__ float s[32 * 32];
  out[threadIdx.x] = s[warpSlot() * 32 + threadIdx.x];
  // IR: lane-id.cu:[[@LINE-1]]:{{[0-9]+}}: remark: reading shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on %warpid, which differs between lanes (it is the hardware warp slot (PTX %warpid), which need not be the warp's index in the block)
}

void launch(float *o) {
  strided<<<1, dim3(16, 4)>>>(o);
  slots<<<1, 64>>>(o);
}

// A helper that reads threadIdx is no uniform value, although its call
// mentions no thread index: 2-way, not a broadcast.
__device__ int threadIndex() { return threadIdx.x; }
__global__ void helper(float *out) {
  __shared__ float s[64];
  s[threadIndex() * 2] = 1.0f;
  // CHECK: lane-id.cu:[[@LINE-1]]:{{[0-9]+}}: warning: 2-way bank conflict writing shared array 's'
  out[threadIdx.x] = s[threadIdx.x];
}
void launchHelper(float *o) { helper<<<1, 32>>>(o); }

// A value loaded through a pointer a helper returns depends on the lane when
// the helper's pointer does: not decided (data), never a broadcast.
__device__ const int *mine(const int *table) { return table + threadIdx.x; }
__global__ void throughHelper(const int *table, float *out) {
  __shared__ float s[64];
  out[threadIdx.x] = s[mine(table)[0] & 63];
  // CHECK: lane-id.cu:[[@LINE-1]]:{{[0-9]+}}: remark: reading shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided
}
void launchThrough(const int *t, float *o) { throughHelper<<<1, 32>>>(t, o); }

// The lane from the global thread index (NVIDIA's shfl_scan): blockIdx.x is
// not known, but in blocks of whole warps `id % warpSize` is the lane in
// every block (the remainder repeats with blockIdx.x). `id % 48` does not
// repeat within a bank window of blockIdx.x values, and stays undecided.
__global__ void globalLane(float *out) {
  __shared__ float sums[64];
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane_id = id % warpSize;
  sums[lane_id] = out[id];
  // CHECK: lane-id.cu:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array 'sums' on sm_{{[0-9]+}}: no bank conflict
  __syncthreads();
  out[id] = sums[lane_id * 2];
  // CHECK: lane-id.cu:[[@LINE-1]]:{{[0-9]+}}: warning: 2-way bank conflict reading shared array 'sums'
  out[id] += sums[id % 48];
  // CHECK: lane-id.cu:[[@LINE-1]]:{{[0-9]+}}: remark: reading shared array 'sums' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on blockIdx.x (it is not known at compile time) through a non-linear operation
}
void launchGlobalLane(float *o) { globalLane<<<8, 256>>>(o); }

// Inline assembly with two outputs (a texture fetch returns four): each
// output is what the assembly returns, not decided, with that reason.
__device__ void twoOutputs(unsigned &a, unsigned &b) {
  asm volatile("mov.u32 %0, %%clock;\n\tmov.u32 %1, %%clock;" : "=r"(a), "=r"(b));
}
__global__ void asmPair(float *out) {
  __shared__ float s[64];
  unsigned a, b;
  twoOutputs(a, b);
  out[threadIdx.x] = s[(a + b) & 63];
  // CHECK: lane-id.cu:[[@LINE-1]]:{{[0-9]+}}: remark: reading shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on {{.*}}, which differs between lanes (it is the result of inline assembly)
}
void launchAsmPair(float *o) { asmPair<<<1, 32>>>(o); }
