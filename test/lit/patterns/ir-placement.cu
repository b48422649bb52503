// The device-IR engine reports each access once, at the line the user wrote:
// - a load under an `if` that simplifycfg could hoist above the branch stays
//   under it (it was also reported at the `if` line, for every lane);
// - a struct store that SROA splits and the vectorizer merges again is
//   reported at its own line (LLVM 15's vectorizer gave the merged store the
//   line of a later statement, so it was reported twice).
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not="shared array"

__global__ void hoistable(float *out) {
  __shared__ float s[9];
  float acc = 0.0f;
  if ((threadIdx.x & 4) == 0)
    acc += s[((threadIdx.x % 3) ^ 1) / 4 + 8];
  // CHECK-DAG: ir-placement.cu:[[@LINE-1]]:12: remark: reading shared array 's'
  out[threadIdx.x] = acc;
}

struct pair2 { float x, y; };

__global__ void split_store(float *out) {
  __shared__ pair2 p[64];
  __shared__ float4 q[16][2];
  const int t = threadIdx.x;
  p[t * 2] = pair2{(float)t, (float)t};
  // CHECK-DAG: ir-placement.cu:[[@LINE-1]]:3: {{warning|remark}}: {{.*}}writing shared array 'p'
  q[t][t & 1] = float4{(float)t, (float)t, (float)t, (float)t};
  // CHECK-DAG: ir-placement.cu:[[@LINE-1]]:3: {{warning|remark}}: {{.*}}writing shared array 'q'
  __syncthreads();
  out[t] = p[0].x + q[0][0].x;
  // CHECK-DAG: ir-placement.cu:[[@LINE-1]]:17: remark: reading shared array 'p'
  // CHECK-DAG: ir-placement.cu:[[@LINE-2]]:29: remark: reading shared array 'q'
}

void launch(float *o) {
  hoistable<<<1, 32>>>(o);
  split_store<<<1, 16>>>(o);
}
