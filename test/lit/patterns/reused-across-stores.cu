// With `__restrict__` pointers, a store to global memory cannot change shared
// memory, so a second read of an element after it is answered from the first
// read (the load/store vectorizer does so, as clang's back ends run it). The
// second read still gets an answer at its line (HeCBench's minimod stencil
// reads `s_u[sui+1][suj][suk]` again after storing `v`). LLVM 15's vectorizer
// keeps the second read, which is then an instruction of its own.
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

__global__ void stencil(float *__restrict__ v, float *__restrict__ phi,
                        const float *__restrict__ eta) {
  __shared__ float s_u[8][8][40];
  const int sui = threadIdx.y + 4, suj = threadIdx.z + 4, suk = threadIdx.x + 4;
  s_u[sui][suj][suk] = v[threadIdx.x];
  __syncthreads();
  const float lap = s_u[sui + 1][suj][suk] + s_u[sui - 1][suj][suk];
  // CHECK: reused-across-stores.cu:[[@LINE-1]]:21: remark: reading shared array 's_u' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  // CHECK: reused-across-stores.cu:[[@LINE-2]]:46: remark: reading shared array 's_u' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  const float e = eta[threadIdx.x];
  v[threadIdx.x] = 2.f * e + lap;
  phi[threadIdx.x] = e * (s_u[sui + 1][suj][suk] - s_u[sui - 1][suj][suk]);
  // CHECK: reused-across-stores.cu:[[@LINE-1]]:27: remark: reading shared array 's_u' on sm_{{[0-9]+}}: no bank conflict ({{no shared-memory instruction of its own: the compiler reuses the value read at line 16|1 wavefronts per warp instruction}})
  // CHECK: reused-across-stores.cu:[[@LINE-2]]:52: remark: reading shared array 's_u' on sm_{{[0-9]+}}: no bank conflict ({{no shared-memory instruction of its own: the compiler reuses the value read at line 16|1 wavefronts per warp instruction}})
}

void launch(float *v, float *p, const float *e) { stencil<<<1, dim3(32, 4, 4)>>>(v, p, e); }
