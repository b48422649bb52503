// Shared loads and stores written in inline PTX (FlashAttention v1's
// lds/sts, CUTLASS's shared_load/shared_store): a statement that is one
// `ld.shared`/`st.shared` is one access of the instruction's width, at the
// address its operand holds (measured on an H200:
// test/hardware/explore/asm14.cu). ldmatrix/stmatrix .xN read or write one
// 16-byte row per lane for lanes 0 .. 8N-1, and cp.async is a store of its
// size (test/hardware/explore/ldsm15.cu). The address may be computed as an
// integer from the array's (`__cvta_generic_to_shared(s) + offset`). Other
// assembly that receives a shared address is `unknown`, never silent.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s

typedef __attribute__((address_space(3))) float SharedFloat;

// The 32-bit shared address of \p p, as __cvta_generic_to_shared gives it.
__device__ unsigned smemAddress(float *p) {
  return static_cast<unsigned>(reinterpret_cast<unsigned long>((SharedFloat *)p));
}

__global__ void ptxColumn(float *out) {
  __shared__ float s[32 * 32];
  s[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  unsigned v;
  asm volatile("ld.shared.b32 %0, [%1];" : "=r"(v) : "r"(smemAddress(&s[threadIdx.x * 32])));
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: warning: 32-way bank conflict reading shared array 's' on sm_{{[0-9]+}}
  out[threadIdx.x] = v;
}

__global__ void ptxVectors(float *out) {
  __shared__ float s[32 * 4];
  unsigned a, b, c, d;
  asm volatile("st.shared.v2.b32 [%0], {%1, %2};" : : "r"(smemAddress(&s[threadIdx.x * 4])), "r"(threadIdx.x), "r"(1u) : "memory");
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: warning: 2-way bank conflict writing shared array 's' on sm_{{[0-9]+}}: 4 wavefronts per warp instruction, ideal 2
  __syncthreads();
  asm volatile("ld.shared.v4.b32 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "r"(smemAddress(&s[threadIdx.x * 4])));
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  asm volatile("ld.shared.b32 %0, [%1+128];" : "=r"(a) : "r"(smemAddress(&s[threadIdx.x])));
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  out[threadIdx.x] = a ^ b ^ c ^ d;
}

// FlashAttention v1 and LeetCUDA keep the base address as an integer and
// add offsets to it.
__global__ void ptxIntegerOffsets(float *out) {
  __shared__ float s[32 * 32];
  const unsigned base = smemAddress(s);
  unsigned v;
  asm volatile("ld.shared.b32 %0, [%1];" : "=r"(v) : "r"(base + threadIdx.x * 128));
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: warning: 32-way bank conflict reading shared array 's' on sm_{{[0-9]+}}: 32 wavefronts per warp instruction, ideal 1
  asm volatile("ld.shared.b32 %0, [%1];" : "=r"(v) : "r"(base - 4 + (threadIdx.x + 1) * 4));
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  // An address whose bits are mixed with the base's is not followed.
  asm volatile("ld.shared.b32 %0, [%1];" : "=r"(v) : "r"(base ^ (threadIdx.x * 4)));
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: remark: reading shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: inline assembly accesses this array at an address computed as an integer in a way ldslint does not follow
  out[threadIdx.x] = v;
}

// ldmatrix/stmatrix: one 16-byte row per lane of the first 8N lanes; rows
// 128 bytes apart share their four banks.
__global__ void ptxMatrices(float *out) {
  __shared__ float s[32 * 32];
  const unsigned base = smemAddress(s);
  unsigned a, b, c, d;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "r"(smemAddress(&s[threadIdx.x * 4])));
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  asm volatile("ldmatrix.sync.aligned.x2.trans.m8n8.shared.b16 {%0, %1}, [%2];" : "=r"(a), "=r"(b) : "r"(base + threadIdx.x * 128));
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: warning: 8-way bank conflict reading shared array 's' on sm_{{[0-9]+}}: 16 wavefronts per warp instruction, ideal 2
  // Without `.shared`, a generic pointer into the array (ggml's mma.cuh).
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.b16 {%0, %1}, [%2];" : "=r"(a), "=r"(b) : "l"(&s[threadIdx.x * 32]));
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: warning: 8-way bank conflict reading shared array 's' on sm_{{[0-9]+}}: 16 wavefronts per warp instruction, ideal 2
  // Lanes 8-31 of an .x1 give no address: only lanes 0-7's rows count.
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(a) : "r"(base + (threadIdx.x < 8 ? threadIdx.x * 16 : 0)));
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  __syncthreads();
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" : : "r"(base + threadIdx.x * 128), "r"(a), "r"(b), "r"(c), "r"(d) : "memory");
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: warning: 8-way bank conflict writing shared array 's' on sm_{{[0-9]+}}: 32 wavefronts per warp instruction, ideal 4
  out[threadIdx.x] = a ^ b ^ c ^ d;
}

// cp.async: the global side is not modelled, so no answer is claimed; the
// shared side alone is said.
__global__ void ptxCpAsync(const float *in, float *out) {
  __shared__ float s[32 * 32];
  const unsigned base = smemAddress(s);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" : : "r"(base + threadIdx.x * 128), "l"(&in[threadIdx.x * 4]));
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: cp.async: its shared-memory wavefronts depend on the global-memory lines it reads, which ldslint does not model; its shared addresses alone, as a 16-byte store, would be 8-way
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" : : "r"(base + threadIdx.x * 4), "l"(&in[threadIdx.x]));
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: cp.async: its shared-memory wavefronts depend on the global-memory lines it reads, which ldslint does not model; its shared addresses alone, as a 4-byte store, would have no bank conflict
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// The shared address converted in assembly (`cvta.to.shared` then a
// 32-bit copy, as hand-tuned SGEMM kernels write it): the conversion
// accesses nothing, and the loads and stores at the address it gives are
// evaluated like the others.
__device__ unsigned cvtaAddress(const void *p) {
  unsigned addr;
  asm("{.reg .u64 u64addr;\n"
      " cvta.to.shared.u64 u64addr, %1;\n"
      " cvt.u32.u64 %0, u64addr;}\n"
      : "=r"(addr)
      : "l"(p));
  return addr;
}

__global__ void ptxConverted(float *out) {
  __shared__ float s[32 * 33];
  const unsigned base = cvtaAddress(s);
  // CHECK-NOT: inline-ptx.cu:[[@LINE-11]]:
  asm volatile("st.shared.f32 [%0], %1;" : : "r"(base + threadIdx.x * 33 * 4), "f"(1.0f));
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict
  float v;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(base + threadIdx.x * 32 * 4));
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: warning: 32-way bank conflict reading shared array 's' on sm_{{[0-9]+}}
  out[threadIdx.x] = v;
}

// The conversion returned as a pointer, moved in C++ and read by `ld.shared`
// (NCCL's shmemCvtPtr and loadShmem128): evaluated at the pointer it
// converts. An address from other assembly is shared memory all the same
// (the instruction says `.shared`), at an address not followed: `unknown`.
// Both were silent before.
__device__ float *cvtaPointer(float *p) {
  float *q;
  asm volatile("cvta.to.shared.u64 %0, %1;" : "=l"(q) : "l"(p));
  return q;
}

__device__ float *shifted(float *p) {
  float *q;
  asm volatile("add.u64 %0, %1, 16;" : "=l"(q) : "l"(p));
  return q;
}

__global__ void ptxConvertedPointer(float *out) {
  __shared__ float s[32 * 32];
  s[threadIdx.x] = 0;
  __syncthreads();
  float *const base = cvtaPointer(s);
  float v, w;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "l"(base + threadIdx.x * 32));
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: warning: 32-way bank conflict reading shared array 's' on sm_{{[0-9]+}}
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(w) : "l"(shifted(s) + threadIdx.x));
  // CHECK: inline-ptx.cu:[[@LINE-1]]:3: remark: reading shared array '(unresolved pointer)' on sm_{{[0-9]+}}: bank conflicts not decided: inline assembly accesses shared memory at an address that ldslint does not follow to an array
  out[threadIdx.x] = v + w;
}

// The converted address dereferenced in C++ is a generic access at a
// shared-window offset, not a shared-memory instruction: nothing to say
// (found by review: it was reported 32-way and 2-way).
__global__ void cppConverted(float *out) {
  __shared__ float s[32 * 32];
  s[threadIdx.x] = 0;
  __syncthreads();
  float *const base = cvtaPointer(s);
  out[threadIdx.x] = base[threadIdx.x * 32];
  // CHECK-NOT: inline-ptx.cu:[[@LINE-1]]:
  base[threadIdx.x * 2] = 1.0f;
  // CHECK-NOT: inline-ptx.cu:[[@LINE-1]]:
}

void launch(float *o) {
  ptxConverted<<<1, 32>>>(o);
  cppConverted<<<1, 32>>>(o);
  ptxConvertedPointer<<<1, 32>>>(o);
  ptxColumn<<<1, 32>>>(o);
  ptxVectors<<<1, 32>>>(o);
  ptxIntegerOffsets<<<1, 32>>>(o);
  ptxMatrices<<<1, 32>>>(o);
  ptxCpAsync<<<1, 32>>>(o, o);
}
