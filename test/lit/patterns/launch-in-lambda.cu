// A launch inside a lambda reads the block shape the lambda captured from
// the function around it: BOOL_SWITCH-style dispatch (flash-attention,
// decoding_attention) launches `k<C><<<grid, block>>>` in a lambda made
// and called at once. By copy the lambda holds the value it was made with;
// by reference, only when nothing writes the variable after that (else
// the shape is not taken from this launch).
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.json

// Consecutive words for a block one row high: no conflict; a 32-way one
// for blocks 32 high, which no launch here uses.
template <int N> __global__ void rows(float *out) {
  __shared__ float s[1024];
  unsigned t = threadIdx.x * blockDim.y + threadIdx.y;
  s[t] = t;
  __syncthreads();
  out[t] = s[(t + N) % 1024];
}

#define BOOL_SWITCH(COND, CONST_NAME, ...)                                     \
  [&] {                                                                        \
    if (COND) {                                                                \
      constexpr static bool CONST_NAME = true;                                 \
      return __VA_ARGS__();                                                    \
    } else {                                                                   \
      constexpr static bool CONST_NAME = false;                                \
      return __VA_ARGS__();                                                    \
    }                                                                          \
  }()

void byReference(float *out, bool even) {
  dim3 block(256);
  BOOL_SWITCH(even, Even, [&] { rows<Even ? 2 : 1><<<1, block>>>(out); });
}
// CHECK: "function": "rows<2>",
// CHECK: "block": [
// CHECK-NEXT: 256,
// CHECK-NEXT: 1,
// CHECK-NEXT: 1
// CHECK: "status": "ok"
// CHECK: "function": "rows<1>",
// CHECK: "block": [
// CHECK-NEXT: 256,
// CHECK-NEXT: 1,
// CHECK-NEXT: 1
// CHECK: "status": "ok"

void byCopy(float *out) {
  dim3 block(128);
  auto launch = [=] { rows<3><<<1, block>>>(out); };
  block.y = 32; // the lambda keeps its copy: 128x1x1
  launch();
}
// CHECK: "function": "rows<3>",
// CHECK: "block": [
// CHECK-NEXT: 128,
// CHECK-NEXT: 1,
// CHECK-NEXT: 1
// CHECK: "status": "ok"

void changedAfterwards(float *out) {
  dim3 block(64);
  auto launch = [&] { rows<4><<<1, block>>>(out); };
  block.y = 32; // read when the lambda runs: 64x32x1, not what it was made with
  launch();
}
// CHECK: "function": "rows<4>",
// CHECK-NOT: "block": [
// CHECK: "status": "conflict"
