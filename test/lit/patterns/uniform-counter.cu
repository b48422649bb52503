// A counter carried across an inner loop, inside a loop whose trip count is
// not known (exllamav2's q_matrix `perm[lk++]`): each outer iteration adds
// what the inner loop adds, which is the same in every lane when the inner
// loop's start, steps and exits are. Then `lk` is the same in every lane
// and each read is a broadcast. It was "differs between lanes".
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s

__global__ void counted(const unsigned short *perm_in, float *out, int size_k) {
  __shared__ unsigned short perm[128];
  int offset_k = 128 * blockIdx.y;
  int end_k = offset_k + 128 < size_k ? offset_k + 128 : size_k;
  perm[threadIdx.x] = perm_in[offset_k + threadIdx.x];
  __syncthreads();
  int lk = 0;
  float acc = 0.f;
  for (int k = offset_k; k < end_k; k += 32)
    for (int j = 0; j < 4; j++) {
      acc += perm[lk++];
      // CHECK: uniform-counter.cu:[[@LINE-1]]:14: remark: reading shared array 'perm' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
      acc += perm[lk++];
      // CHECK: uniform-counter.cu:[[@LINE-1]]:14: remark: reading shared array 'perm' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
    }
  out[threadIdx.x] = acc;
}

// The inner loop's trip count differs between lanes: so does `lk`.
__global__ void lane_bound(const unsigned short *perm_in, float *out, int size_k) {
  __shared__ unsigned short perm2[128];
  int offset_k = 128 * blockIdx.y;
  int end_k = offset_k + 128 < size_k ? offset_k + 128 : size_k;
  perm2[threadIdx.x] = perm_in[offset_k + threadIdx.x];
  __syncthreads();
  int lk = 0;
  float acc = 0.f;
  for (int k = offset_k; k < end_k; k += 32)
    for (int j = 0; j < (threadIdx.x & 3); j++)
      acc += perm2[lk++];
  // CHECK: uniform-counter.cu:[[@LINE-1]]:14: remark: reading shared array 'perm2' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `lk`, which differs between lanes
  out[threadIdx.x] = acc;
}

// A lane may leave the inner loop early: so does `lk` differ.
__global__ void lane_break(const unsigned short *perm_in, float *out, int size_k) {
  __shared__ unsigned short perm3[128];
  int offset_k = 128 * blockIdx.y;
  int end_k = offset_k + 128 < size_k ? offset_k + 128 : size_k;
  perm3[threadIdx.x] = perm_in[offset_k + threadIdx.x];
  __syncthreads();
  int lk = 0;
  float acc = 0.f;
  for (int k = offset_k; k < end_k; k += 32)
    for (int j = 0; j < 4; j++) {
      if (perm_in[threadIdx.x + j] > 3)
        break;
      acc += perm3[lk++];
      // CHECK: uniform-counter.cu:[[@LINE-1]]:14: remark: reading shared array 'perm3' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `lk`, which differs between lanes
    }
  out[threadIdx.x] = acc;
}

void launch(const unsigned short *p, float *o, int k) {
  counted<<<dim3(1, (k + 127) / 128), 128>>>(p, o, k);
  lane_bound<<<dim3(1, (k + 127) / 128), 128>>>(p, o, k);
  lane_break<<<dim3(1, (k + 127) / 128), 128>>>(p, o, k);
}
