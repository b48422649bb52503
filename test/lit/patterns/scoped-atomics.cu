// Block- and system-scope atomics (`atomicAdd_block`, `atomicCAS_system`)
// are NVVM intrinsics on a generic pointer, which address-space inference
// leaves generic: on a shared variable each is one atomic of its value's
// width, costed as an atomicrmw is (ATOMS, the same instruction).
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// RUN: not %ldslint --report=all --format=json %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>/dev/null | FileCheck %s --check-prefix=JSON

__global__ void counters(int *out, float *f) {
  __shared__ int counts[2][32];
  __shared__ float total;
  counts[threadIdx.x & 1][threadIdx.x % 32] = 0;
  __syncthreads();
  __nvvm_atom_cta_add_gen_i(&counts[threadIdx.x & 1][0], 1);
  // CHECK: scoped-atomics.cu:[[@LINE-1]]:3: warning: 2-way bank conflict atomic update of shared array 'counts' on sm_{{[0-9]+}}: 2 wavefronts per warp instruction
  __nvvm_atom_cta_add_gen_i(&counts[0][threadIdx.x % 32], 1);
  // CHECK: scoped-atomics.cu:[[@LINE-1]]:3: remark: atomic update of shared array 'counts' on sm_{{[0-9]+}}: no bank conflict
  __nvvm_atom_sys_add_gen_f(&total, f[threadIdx.x]);
  // CHECK: scoped-atomics.cu:[[@LINE-1]]:3: remark: atomic update of shared array 'total' on sm_{{[0-9]+}}: no bank conflict
  __syncthreads();
  out[threadIdx.x] = counts[0][threadIdx.x % 32] + (int)total;
}

void launch(int *o, float *f) { counters<<<1, 64>>>(o, f); }

// The old value a scoped atomic returns was read from memory, as
// atomicAdd's is: an index made of it is data (pytorch3d pulsar's
// `atomicAdd_block(&count, 1)` slot; the reason named the intrinsic and the
// finding was not marked data-dependent).
__global__ void slots(const float *in, float *out) {
  __shared__ float buf[256];
  __shared__ int count;
  if (threadIdx.x == 0)
    count = 0;
  __syncthreads();
  if (in[threadIdx.x] > 0.f)
    buf[__nvvm_atom_cta_add_gen_i(&count, 1)] = in[threadIdx.x];
  // CHECK: scoped-atomics.cu:[[@LINE-1]]:5: remark: writing shared array 'buf' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on the value an atomic operation returns, which differs between lanes (the atomic operation read it from memory: data-dependent)
  // JSON: "data_dependent": true,
  // JSON-NOT: "line":
  // JSON: "line": [[@LINE-4]],
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}

void launch_slots(const float *in, float *o) { slots<<<1, 256>>>(in, o); }
