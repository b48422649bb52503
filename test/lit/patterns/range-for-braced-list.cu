// A range-for over a braced list of constants (ggml's flash attention:
// `for (int stride_k : {32, 16, 8, 4})`) walks a local array of the four
// values by byte offset: each entry is a constant stored before the loop,
// so the index is known in every iteration. When an entry is not a
// constant (a kernel argument), the answer stays unknown.
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.json
// The iteration is named by the element (`stride = 4`), not by clang's
// `__begin1` pointer (byte offset 0 in `reordered`).
// RUN: %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.txt 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=TEXT --input-file=%t.txt
#include <initializer_list>

__global__ void constants(const float *in, float *out) {
  __shared__ float tile[8][33];
  for (int stride : {32, 16, 8, 4}) {
    const int row = threadIdx.x / stride, col = threadIdx.x % stride;
    tile[row][col] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[col % 8][row];
    __syncthreads();
  }
}

__global__ void reordered(const float *in) {
  __shared__ float tile[8][33];
  for (int stride : {4, 8, 16, 32})
    tile[threadIdx.x / stride][threadIdx.x % stride] = in[threadIdx.x];
}

__global__ void oneArgument(const float *in, float *out, int n) {
  __shared__ float tile[8][33];
  for (int stride : {32, n, 8})
    tile[threadIdx.x / stride][threadIdx.x % stride] = in[threadIdx.x];
}

void launch(const float *in, float *out, int n) {
  constants<<<1, 32>>>(in, out);
  reordered<<<1, 32>>>(in);
  oneArgument<<<1, 32>>>(in, out, n);
}
// Stride 8: lanes 3, 10, 17 and 24 write words 3, 35, 67 and 99, all in
// bank 3 (4-way); strides 32, 16 and 4 take 1, 2 and 4 wavefronts: 2.75 a
// warp on average.
// CHECK: "degree": 4,
// CHECK: "function": "constants",
// CHECK: "line": 18,
// CHECK: "reason": "lanes 3, 10, 17, 24 of warp 0 access bytes 12, 140, 268, 396 of 'tile', all in bank 3
// CHECK: "status": "conflict",
// CHECK: "wavefronts_per_instruction": 2.75,
// CHECK: "degree": 4,
// CHECK: "function": "constants",
// CHECK: "line": 20,
// CHECK: "status": "conflict",
// CHECK: "wavefronts_per_instruction": 2.75,
// CHECK: "function": "reordered",
// CHECK: "status": "conflict",
// CHECK: "function": "oneArgument",
// CHECK: "line": 34,
// CHECK: "status": "unknown",
// TEXT: range-for-braced-list.cu:18:5: note: lanes 3, 10, 17, 24 of warp 0 access bytes 12, 140, 268, 396 of 'tile', all in bank 3 (at stride = 8)
// TEXT: range-for-braced-list.cu:28:5: note: lanes 3, 6, 9, 12 of warp 0 access bytes 12, 140, 268, 396 of 'tile', all in bank 3 (at stride = 4)
