// A read that instcombine merges around a loop: a local table before the
// loop and in its first iteration, shared memory in the others, all
// through one load at the loop's head (bitsandbytes' quantize_2D, a binary
// search whose first step is in registers). That load has no line of its
// own; it is a shared-memory access for some iterations, so it gets an
// answer (unknown) at the line of its shared-memory subscript, not silence
// and not the helper's call.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not='loop-merged-read.cu:36:22: remark'

__device__ int search(const float *table, const float *code, float x) {
  int pivot = 127, local = 1, offset = 1;
  float val = table[1];
  for (int i = 64; i > 0; i >>= 1) {
    if (x > val) {
      pivot += i;
      local += offset;
    } else {
      pivot -= i;
      local -= offset;
    }
    val = i >= 64 ? table[local] : code[pivot];
    // CHECK: loop-merged-read.cu:[[@LINE-1]]:36: remark: reading shared array '(unresolved pointer)' on sm_{{[0-9]+}}: bank conflicts not decided: the pointer moves from one loop iteration to the next in a way ldslint does not follow
    offset -= 1;
  }
  return x > val ? pivot : pivot - 1;
}

__global__ void quantize(const float *codes, const float *in, int *out) {
  __shared__ float code[8][257];
  const int lane = threadIdx.x % 8;
  float table[3];
  code[0][threadIdx.x] = codes[threadIdx.x];
  __syncthreads();
  for (int k = 0; k < 3; k++)
    table[k] = code[lane][k * 64 + 63];
  out[threadIdx.x] = search(table, code[lane], in[threadIdx.x]);
}

void launch(const float *c, const float *i, int *o) { quantize<<<1, 256>>>(c, i, o); }
