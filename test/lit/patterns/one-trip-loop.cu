// An index advanced in a loop that runs once (a tile loop whose trip count
// is 1 for this configuration: cuda_hgemm's `B_smem_iters / CHUNK_K`) and
// used after it: instcombine folds the step to the value after the loop
// (`i = phi [0], [1]`), which is still followed as a step, so `idx` after
// the loop is `warp * 8 + 8` and each warp writes its own row.
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json
// RUN: FileCheck %s --input-file=%t.json --implicit-check-not='"status": "unknown"'

template <int Iters> __global__ void rows(const float *in) {
  __shared__ float s[64][33];
  const unsigned lane = threadIdx.x % 32;
  unsigned idx = threadIdx.x / 32 * 8;
#pragma unroll
  for (int i = 0; i < Iters; ++i) {
    s[idx][lane] = in[i];
    idx += 8;
  }
#pragma unroll
  for (int i = 0; i < 2; ++i) {
    s[idx][lane] = in[i + 32];
    idx += 8;
  }
}

void launch(const float *in) {
  rows<1><<<1, 256>>>(in);
  rows<3><<<1, 256>>>(in);
}
// CHECK: "function": "rows<1>",
// CHECK: "line": 15,
// CHECK: "status": "ok"
// CHECK: "function": "rows<1>",
// CHECK: "line": 20,
// CHECK: "status": "ok"
// CHECK: "function": "rows<3>",
// CHECK: "line": 15,
// CHECK: "status": "ok"
// CHECK: "function": "rows<3>",
// CHECK: "line": 20,
// CHECK: "status": "ok"
