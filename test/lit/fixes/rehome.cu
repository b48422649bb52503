// The fix rides on the first shown warning of the array: when the planner's
// carrier is suppressed (`// ldslint: ignore`) or under --min-degree, the next
// shown warning carries the edit, and -fixit / --fix still apply it.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu && cp %s %t/m.cu
// RUN: %clang_cuda_device %plugin -fno-caret-diagnostics -Xclang -fixit %t/k.cu 2>&1 | FileCheck %s
// CHECK-NOT: attached to the warning at line
// CHECK: k.cu:[[@LINE+11]]:27: warning: 32-way bank conflict reading shared array 't'
// CHECK: note: FIX-IT applied suggested code changes
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/k.cu
// FIXED: __shared__ float t[32][33];
// RUN: not %ldslint --arch=%cuda_arch --min-degree=32 --fix %t/m.cu -- %stubargs 2>&1 | FileCheck %s --check-prefix=MIN
// MIN: ldslint: applied 1 edit(s)
__global__ void k(float *out) {
  __shared__ float t[32][32];
  t[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y / 2] + t[threadIdx.x][threadIdx.y]; // ldslint: ignore
  out[threadIdx.x + 32] = t[threadIdx.x][(threadIdx.y + 5) % 32];
}
void go(float *o) { k<<<1, dim3(32, 32)>>>(o); }
