// The reference of the coverage tools counts an intrinsic that takes only a
// generic pointer when that pointer is made from a shared one: NVVM's
// block-scope atomics (`atomicAdd_block`) and WMMA loads and stores keep
// a generic pointer after address-space inference (LightGBM's rank
// objective: 14 such lines were counted as findings without an access).
// REQUIRES: llvm-22
// RUN: bash %S/../../../tools/coverage/reference-lines.sh -v %s -- -x cuda -nocudainc -nocudalib -I%inputs -include cuda.h --cuda-gpu-arch=%cuda_arch > %t.tsv
// RUN: FileCheck %s --input-file=%t.tsv

__global__ void k(float *out, int n) {
  __shared__ float sums[64];
  __shared__ float total;
  sums[threadIdx.x] = 0;
  __syncthreads();
  __nvvm_atom_cta_add_gen_f(&sums[threadIdx.x % n], out[threadIdx.x]);
  __nvvm_atom_cta_add_gen_f(&total, out[threadIdx.x]);
  // A constant offset (`ptr nonnull getelementptr (... addrspacecast ...)`)
  // and a pointer chosen by a select.
  __nvvm_atom_cta_add_gen_f(&sums[5], out[threadIdx.x]);
  float *p = n > 1 ? &sums[threadIdx.x] : &sums[1];
  __nvvm_atom_cta_add_gen_f(p, out[threadIdx.x]);
  __syncthreads();
  out[threadIdx.x] = sums[threadIdx.x] + total;
}
// CHECK: coverage-generic-intrinsics.cu:15{{[[:space:]]}}{{.*}}llvm.nvvm.atomic.add.gen.f.cta
// CHECK-NEXT: coverage-generic-intrinsics.cu:16{{[[:space:]]}}{{.*}}llvm.nvvm.atomic.add.gen.f.cta
// CHECK-NEXT: coverage-generic-intrinsics.cu:19{{[[:space:]]}}{{.*}}llvm.nvvm.atomic.add.gen.f.cta
// CHECK-NEXT: coverage-generic-intrinsics.cu:21{{[[:space:]]}}{{.*}}llvm.nvvm.atomic.add.gen.f.cta
