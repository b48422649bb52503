// An index kept in an `unsigned char` wraps at 256: `(u8)(gid * 16)` takes
// lanes 16 apart to the same word. When blockIdx.x's terms were set aside,
// the address was rebuilt without that cast, and lanes 0..30 were reported
// 16-way at bytes up to 1920 of the array, beyond what the index can
// reach (with the other reads of the kernel, which share its index). The
// cast's wrap is kept: not decided, never the unwrapped index's 16-way.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not=16-way

__global__ void narrow(float *out, const float *in) {
  __shared__ float s[512];
  unsigned char c = (threadIdx.x + blockIdx.x * blockDim.x) * 16;
  s[c % 512] = in[threadIdx.x];
  // CHECK: narrow-index.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided
  __syncthreads();
  signed char d = (threadIdx.x + blockIdx.x * blockDim.x) * 16;
  out[threadIdx.x] = s[(d & 511)];
  short e = (threadIdx.x + blockIdx.x * blockDim.x) * 2048;
  out[threadIdx.x + 1] = s[(e & 4095) / 8];
}
