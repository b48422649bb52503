// A loop with a lane-dependent `break` besides its header test: a lane
// leaves at the first test that sends it out, so the break joins the
// header's test when every shared access of the loop comes after it or is
// itself conditional on staying. The loop model itself is checked in
// test/unit/LaneValuesTest.cpp; here, the answers at the source lines.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s

__device__ float score(unsigned v, unsigned short *a, unsigned short *b) {
  *a = v;
  *b = v >> 16;
  return (float)(v & 255);
}

// The break at the top of the body: the accesses come after it.
__global__ void break_first(unsigned *out, const unsigned *in) {
  __shared__ unsigned s[2048];
  for (int i = 0; i < 16; i++) {
    int p = threadIdx.x + 64 * i;
    if (p >= 992)
      break;
    s[2 * p] = in[p];
    // CHECK: loop-breaks.cu:[[@LINE-1]]:5: warning: 2-way bank conflict writing shared array 's'
  }
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// Lanes that leave at the break take no later iteration: of each warp only
// the even lanes write, 16 words of one bank (all 32 lanes would be 32-way).
__global__ void break_odd_lanes(unsigned *out, const unsigned *in) {
  __shared__ unsigned s[32 * 64 + 16];
  for (int i = 0; i < 16; i++) {
    if (threadIdx.x & 1)
      break;
    s[32 * threadIdx.x + i] = in[i];
    // CHECK: loop-breaks.cu:[[@LINE-1]]:5: warning: 16-way bank conflict writing shared array 's'
  }
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// Locals declared after the break (as in NVIDIA's dxtc sample): clang
// routes the break through a cleanup block at the end of the body; the
// access before it is conditional on the same test. (Not joined, the loop's
// other variables would stand for it and `i` would be `unknown`.)
__device__ void search(const unsigned *in, unsigned short &bestStart,
                       unsigned short &bestEnd, unsigned &bestPerm) {
  __shared__ unsigned s[160];
  float bestError = 1e30f;
  for (int i = 0; i < 16; i++) {
    int p = threadIdx.x + 64 * i;
    if (p >= 992)
      break;
    unsigned short start, end;
    unsigned perm = in[p];
    if (p < 160)
      s[p] = perm;
    // CHECK: loop-breaks.cu:[[@LINE-1]]:7: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict
    float e = score(perm, &start, &end);
    if (e < bestError) {
      bestError = e;
      bestPerm = perm;
      bestStart = start;
      bestEnd = end;
    }
  }
}

__global__ void break_through_cleanup(unsigned *out, const unsigned *in) {
  unsigned short a = 0, b = 0;
  unsigned perm = 0;
  search(in, a, b, perm);
  out[threadIdx.x] = a + b + perm;
}

// The access runs before the break in each iteration: joining the break
// to the header's test would drop the last access, so the loop is one of
// unknown bounds, whose iterations every lane is assumed to take (as for
// any loop whose trip count is not known).
__global__ void break_after_access(unsigned *out, const unsigned *in) {
  __shared__ unsigned s[2048];
  for (int p = threadIdx.x; p < 1024; p += 64) {
    s[2 * p] = in[p];
    // CHECK: loop-breaks.cu:[[@LINE-1]]:5: warning: 2-way bank conflict writing shared array 's'
    if (p >= 992)
      break;
  }
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// The same with a lane-dependent stride: the access of the iteration that
// breaks runs (lanes 32-63 of the last one, 32-way). Joined as if the break
// came first, those lanes would not write and the answer would be "no
// conflict"; as a loop of unknown bounds the address is not decided.
__global__ void access_then_break(unsigned *out, const unsigned *in) {
  __shared__ unsigned s[1024];
  for (int p = threadIdx.x; p < 1024; p += 64) {
    s[(p >= 992 ? 32 : 1) * (p & 31)] = in[p];
    // CHECK: loop-breaks.cu:[[@LINE-1]]:5: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on the iteration of the loop at line [[@LINE-2]]
    if (p >= 992)
      break;
  }
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// A row per lane, read along it, with a uniform break (llm.c's
// attention_forward kernel 2): consecutive iterations read adjacent words,
// which ptxas may fuse into one wider read when nothing comes between; a
// break tested before each read does, and how ptxas emits that is not
// measured. The access is taken as written, and the finding says so.
__global__ void row_with_break(float *out, int n) {
  __shared__ float s[32 * 32];
  float sum = 0;
  for (int y = 0; y < 32; y++) {
    if (y >= n)
      break;
    sum += s[32 * threadIdx.x + y];
    // CHECK: loop-breaks.cu:[[@LINE-1]]:12: warning: 32-way bank conflict reading shared array 's'
    // CHECK: note: assumed ptxas keeps the iterations of 'y' apart: each may leave the loop at a break before this access (not measured)
  }
  out[threadIdx.x] = sum;
}

void launch(unsigned *o, const unsigned *i) {
  break_first<<<1, 64>>>(o, i);
  break_through_cleanup<<<1, 64>>>(o, i);
  break_after_access<<<1, 64>>>(o, i);
  break_odd_lanes<<<1, 64>>>(o, i);
  access_then_break<<<1, 64>>>(o, i);
  row_with_break<<<1, 32>>>((float *)o, 7);
}
