// ptxas fuses consecutive iterations of an unrolled loop into wider
// accesses only where it can prove them aligned (measured on the H200).
// When the threads of one instruction disagree on the 8-byte alignment of
// every pairing, adding a part that is the same for every thread (an outer
// loop's variable, a kernel argument) moves them all alike: they still
// disagree, so the access runs as written (convolutionSeparable's
// `s_Data[ty][tx + i * 16 + j]`, 17 iterations of `j`). When the threads
// agree and only the shared part's alignment is unknown, or that part
// multiplies the thread index, nothing is claimed.
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.json

__global__ void rows(const float *in, float *out, int offset) {
  __shared__ float s[4][160];
  for (int i = 0; i < 10; ++i)
    s[threadIdx.y][threadIdx.x + i * 16] = in[i];
  __syncthreads();
#pragma unroll
  for (int i = 1; i < 9; ++i) {
    float sum = 0;
#pragma unroll
    for (int j = -8; j <= 8; ++j)
      sum += s[threadIdx.y][threadIdx.x + i * 16 + j];
    out[i] = sum;
  }
  float sum = 0;
#pragma unroll
  for (int j = 0; j < 6; ++j)
    sum += s[threadIdx.y][threadIdx.x + offset + j];
  out[0] = sum;
}

__global__ void agree(const float *in, float *out, int offset) {
  __shared__ float s[128][34];
  for (int c = threadIdx.x; c < 128 * 34; c += 128)
    (&s[0][0])[c] = in[c];
  __syncthreads();
  float sum = 0;
#pragma unroll
  for (int j = 0; j < 3; ++j)
    sum += s[threadIdx.x][offset + j];
  out[threadIdx.x] = sum;
}

__global__ void scaled(const float *in, float *out, int stride) {
  __shared__ float s[4096];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float sum = 0;
#pragma unroll
  for (int j = 0; j < 3; ++j)
    sum += s[threadIdx.x * stride + j];
  out[threadIdx.x] = sum;
}

// The shared part is 8-byte aligned whatever `c` is: the threads agree
// (2 * threadIdx.x words), so ptxas may fuse; nothing is claimed.
__global__ void remainder(const float *in, float *out, int c) {
  __shared__ float s[4096];
  for (int i = threadIdx.x; i < 4096; i += 128)
    s[i] = in[i];
  __syncthreads();
  float sum = 0;
  const int base = 2 * (blockIdx.x % c);
#pragma unroll
  for (int j = 0; j < 2; ++j)
    sum += s[2 * threadIdx.x + base + j];
  out[threadIdx.x] = sum;
}

void launch(const float *in, float *out, int n) {
  rows<<<1, dim3(16, 4)>>>(in, out, n);
  remainder<<<8, 128>>>(in, out, n);
  agree<<<1, 128>>>(in, out, n);
  scaled<<<1, 128>>>(in, out, n);
}
// Lanes 0 and 16 (threadIdx.y 0 and 1) read words 0 and 160: bank 0.
// CHECK: "ptxas keeps the iterations of 'j' apart: the lanes disagree on the 8-byte alignment of every pairing
// CHECK: "degree": 2,
// CHECK: "function": "rows",
// CHECK: "line": 23,
// CHECK: "status": "conflict",
// CHECK: "ptxas keeps the iterations of 'j' apart: the lanes disagree on the 8-byte alignment of every pairing
// CHECK: "degree": 2,
// CHECK: "function": "rows",
// CHECK: "line": 29,
// CHECK: "status": "conflict",
// CHECK: "function": "agree",
// CHECK: "line": 41,
// CHECK: "reason": "ptxas may fuse the accesses of consecutive iterations of 'j' into wider ones
// CHECK: "status": "unknown",
// CHECK: "function": "scaled",
// CHECK: "line": 52,
// CHECK: "status": "unknown",
// CHECK: "function": "remainder",
// CHECK: "line": 67,
// CHECK: "reason": "ptxas may fuse the accesses of consecutive iterations of 'j' into wider ones
// CHECK: "status": "unknown",
