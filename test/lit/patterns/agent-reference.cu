// CUB's agents (AgentRadixSortUpsweep) keep `TempStorage &` in a local
// object beside a global pointer and arrays indexed at run time. SROA leaves
// the object in memory, and each access through the reference reads the
// pointer back from it; the reference's one store is forwarded to those
// reads (lib/ir/StoredPointers.h), so the accesses are answered: without it
// both lines below got no finding at all (and `tid`, an integer member, made
// the read `unknown`).
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not="not decided"

struct Storage { unsigned counters[32][32]; };

struct Agent {
  Storage &storage;
  unsigned local[4][2];
  const unsigned *keys;
  unsigned tid; // CUB's linear_tid: an integer read back from the object

  __device__ Agent(Storage &s) : storage(s), keys(nullptr), tid(threadIdx.x) {}

  __device__ void reset() {
    for (int r = 0; r < 4; ++r)
      storage.counters[threadIdx.x][r] = 0;
    // The four stores of a row are one 16-byte store (STS.128): 8-way.
    // CHECK: agent-reference.cu:[[@LINE-2]]:{{[0-9]+}}: warning: 8-way bank conflict writing shared array 's' on sm_{{[0-9]+}}: 32 wavefronts per warp instruction, ideal 4
  }

  __device__ void count(unsigned key) {
    const unsigned t = tid;
    for (int i = 0; i < 2; ++i)
      local[key & 3][i] += storage.counters[i][t];
    // CHECK: agent-reference.cu:[[@LINE-1]]:{{[0-9]+}}: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict
  }
};

__global__ void upsweep(unsigned *out, const unsigned *in) {
  __shared__ Storage s;
  Agent a(s);
  a.keys = in;
  a.reset();
  __syncthreads();
  a.count(a.keys[threadIdx.x]);
  out[threadIdx.x] = a.local[in[threadIdx.x] & 3][1];
}

void launch(unsigned *o, const unsigned *i) { upsweep<<<1, 32>>>(o, i); }
