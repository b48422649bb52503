// A double buffer toggled in a loop that can stop early on a test that is
// the same for the whole block (ggml's cpy: `if (imat >= nmat) break;`):
// every lane runs the same iterations, so `buf` is the same in all lanes
// (0 or 1) and each access is a conflict-free 32x33 transpose. An exit on
// a per-lane test, or under one, lets lanes leave at different iterations:
// `buf` then differs between lanes and the answer stays unknown.
// LLVM 15's clean-up leaves the break as a switch on clang's cleanup slot
// (a phi of the paths that reach it): the same answers there.
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json
// RUN: FileCheck %s --input-file=%t.json

template <int Exit>
__global__ void transposes(const float *src, float *dst, int nmat) {
  __shared__ float tile[2][32][33];
  int buf = 0;
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int imat = blockIdx.z * 8 + i;
    if (Exit == 0 && imat >= nmat)
      break; // the same for every lane
    if (Exit == 1 && imat + (int)threadIdx.x >= nmat)
      break; // per lane
    if (Exit == 2 && threadIdx.x < 4) {
      if (imat >= nmat)
        break; // the same test, but only some lanes run it
    }
    for (int j = 0; j < 32; j += 8)
      tile[buf][threadIdx.y + j][threadIdx.x] = src[imat * 1024 + (threadIdx.y + j) * 32 + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < 32; j += 8)
      dst[imat * 1024 + (threadIdx.y + j) * 32 + threadIdx.x] = tile[buf][threadIdx.x][threadIdx.y + j];
    buf = (buf + 1) % 2;
  }
}

void launch(const float *s, float *d, int nmat) {
  transposes<0><<<dim3(1, 1, 4), dim3(32, 8)>>>(s, d, nmat);
  transposes<1><<<dim3(1, 1, 4), dim3(32, 8)>>>(s, d, nmat);
  transposes<2><<<dim3(1, 1, 4), dim3(32, 8)>>>(s, d, nmat);
}
// CHECK: "function": "transposes<0>",
// CHECK: "line": 28,
// CHECK: "status": "ok"
// CHECK: "function": "transposes<0>",
// CHECK: "line": 31,
// CHECK: "status": "ok"
// CHECK: "function": "transposes<1>",
// CHECK: "reason": "the address depends on `buf`, which differs between lanes
// CHECK: "status": "unknown"
// CHECK: "function": "transposes<2>",
// CHECK: "reason": "the address depends on `buf`, which differs between lanes
// CHECK: "status": "unknown"
