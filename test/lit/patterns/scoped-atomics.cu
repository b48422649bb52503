// Block- and system-scope atomics (`atomicAdd_block`, `atomicCAS_system`)
// are NVVM intrinsics on a generic pointer, which address-space inference
// leaves generic: on a shared variable each is one atomic of its value's
// width, costed as an atomicrmw is (ATOMS, the same instruction).
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

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
