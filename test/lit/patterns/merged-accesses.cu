// Two accesses to one array at a constant distance under the same conditions
// may be merged by the compiler into one wider instruction (LDS.64 /
// ds_read_b64 / ds_read2_b32), which groups lanes differently: no conflict
// is claimed for them (unknown, with the reason); a lone access still warns.
// On NVIDIA, adjacent words whose lower address is 8-byte aligned for every
// thread are one LDS.64, as measured (test/hardware/explore/pairs.cu).
// Where clang's device code does merge them (after LLVM's load/store
// vectorizer), each takes the result of the merged instruction.
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-show-unknown %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: %clang_cuda_device %plugin -fplugin-arg-ldslint-arch=gfx90a -fplugin-arg-ldslint-show-unknown %s 2>&1 | FileCheck %s --check-prefix=AMD --implicit-check-not=warning:

__global__ void pairs(float *out) {
  __shared__ float s[64 * 2];
  out[threadIdx.x] = s[2 * threadIdx.x] + s[2 * threadIdx.x + 1];
  // ALL: merged-accesses.cu:[[@LINE-1]]:22: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict (2 wavefronts per warp instruction)
  // ALL: note: ptxas merges this access with the one at line [[@LINE-2]], column 43 into one 8-byte LDS.64 (the lowest address is 8-byte aligned for every thread; measured on the H200); the result is that instruction's
  // AMD: merged-accesses.cu:[[@LINE-3]]:22: remark: reading shared array 's' on gfx90a: bank conflicts not decided: the compiler may merge
}

__global__ void far(float *out) {
  __shared__ float s[64 * 64];
  float a = s[threadIdx.x * 2];
  float b = s[threadIdx.x * 2 + 64];
  // CHECK: merged-accesses.cu:[[@LINE-2]]:13: warning: 2-way bank conflict reading shared array 's' on sm_{{[0-9]+}}
  // CHECK: merged-accesses.cu:[[@LINE-2]]:13: warning: 2-way bank conflict reading shared array 's' on sm_{{[0-9]+}}
  // AMD: merged-accesses.cu:[[@LINE-4]]:13: remark: reading shared array 's' on gfx90a: bank conflicts not decided: the compiler may merge this access with the one at line [[@LINE-3]]
  out[threadIdx.x] = a + b;
}

// Four 4-byte stores to the members of a float4 (HIP's BinomialOption):
// 4-way each on its own, one conflict-free 16-byte store in clang's code.
__global__ void members(float *out) {
  __shared__ float4 v[64];
  v[threadIdx.x].x = 1.0f;
  v[threadIdx.x].y = 2.0f;
  v[threadIdx.x].z = 3.0f;
  v[threadIdx.x].w = 4.0f;
  // ALL: merged-accesses.cu:[[@LINE-4]]:{{[0-9]+}}: remark: writing shared array 'v' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  // ALL: note: the compiler merges accesses at consecutive addresses into this 16-byte instruction (LLVM's load/store vectorizer, as clang's NVPTX and AMDGPU back ends run it); the result is that instruction's
  // ALL-NOT: struct of arrays
  // ALL: merged-accesses.cu:[[@LINE-6]]:{{[0-9]+}}: remark: writing shared array 'v' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  // ALL: merged-accesses.cu:[[@LINE-6]]:{{[0-9]+}}: remark: writing shared array 'v' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  // ALL: merged-accesses.cu:[[@LINE-6]]:{{[0-9]+}}: remark: writing shared array 'v' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  __syncthreads();
  out[threadIdx.x] = v[threadIdx.x].x + v[threadIdx.x].y + v[threadIdx.x].z +
                     v[threadIdx.x].w;
}

// The same with a choice per member, as BinomialOption writes it: clang
// emits a branch per member, and its simplifycfg makes them selects, so the
// four stores share a block and are merged as above (on gfx90a, one
// ds_write_b128 at -O3: `clang++ -x hip --offload-arch=gfx90a -O3 -S`).
__global__ void chosen_members(float *out, const float4 *in) {
  __shared__ float4 v[64];
  float4 p = in[threadIdx.x];
  v[threadIdx.x].x = p.x > 0 ? (float)p.x : 0.0f;
  v[threadIdx.x].y = p.y > 0 ? (float)p.y : 0.0f;
  v[threadIdx.x].z = p.z > 0 ? (float)p.z : 0.0f;
  v[threadIdx.x].w = p.w > 0 ? (float)p.w : 0.0f;
  // ALL: merged-accesses.cu:[[@LINE-4]]:{{[0-9]+}}: remark: writing shared array 'v' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  // ALL: note: the compiler merges accesses at consecutive addresses into this 16-byte instruction
  // ALL: merged-accesses.cu:[[@LINE-5]]:{{[0-9]+}}: remark: writing shared array 'v' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  // ALL: merged-accesses.cu:[[@LINE-5]]:{{[0-9]+}}: remark: writing shared array 'v' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  // ALL: merged-accesses.cu:[[@LINE-5]]:{{[0-9]+}}: remark: writing shared array 'v' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  // AMD-NOT: merged-accesses.cu:[[@LINE-9]]:{{.*}} not decided
  __syncthreads();
  out[threadIdx.x] = v[threadIdx.x].x + v[threadIdx.x].y + v[threadIdx.x].z +
                     v[threadIdx.x].w;
}

void launch(float *o, const float4 *i) {
  members<<<1, 64>>>(o);
  chosen_members<<<1, 64>>>(o, i);
  pairs<<<1, 64>>>(o);
  far<<<1, 64>>>(o);
}
