// `if (c) cnt += a; else cnt += b;`: instcombine sinks the two stores into
// one after the `if` (sunk-stores.cu); each arm's read stays its own, and
// takes nothing from the sunk store (a compound assignment's read and write
// share their place, but only the write was sunk).
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fno-caret-diagnostics 2>&1 | FileCheck %s

__global__ void add_either(int *out, int c, int a, int b) {
  __shared__ int cnt;
  if (c) {
    out[1] = a; // different first instructions: the reads of cnt are not
    cnt += a;   // hoisted above the `if`
  // CHECK: sunk-compound.cu:[[@LINE-1]]:5: remark: reading shared array 'cnt' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  // CHECK-NOT: the compiler replaces the stores
  // CHECK: sunk-compound.cu:[[@LINE-3]]:5: remark: writing shared array 'cnt'
  // CHECK: note: the compiler replaces the stores of both arms
  } else {
    out[2] = b;
    cnt += b;
  // CHECK: sunk-compound.cu:[[@LINE-1]]:5: remark: reading shared array 'cnt' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  // CHECK-NOT: the compiler replaces the stores
  // CHECK: sunk-compound.cu:[[@LINE-3]]:5: remark: writing shared array 'cnt'
  }
  out[threadIdx.x] = 0;
}

void launch(int *o, int c) { add_either<<<1, 32>>>(o, c, 2, 3); }
