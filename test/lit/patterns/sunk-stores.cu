// `if (c) x = a; else x = b;` on a shared variable: instcombine (as in clang's
// -O2 pipeline) replaces the two stores by one store after the `if`, whose
// location has no line when the arms' lines differ. Both arms get that
// store's answer at their own lines, saying why, instead of one finding at
// line 0 that no editor shows (HeCBench's quicksort: `s = mys` / `s = mysn`).
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// RUN: %ldslint --report=all --format=json %s -- %stubargs --cuda-gpu-arch=%cuda_arch | FileCheck %s --check-prefix=JSON
// JSON-NOT: "line": 0,

__global__ void pick(int *out, const int *in) {
  __shared__ int *s, *sn;
  __shared__ int a[64], b[64];
  __shared__ int flag;
  const int mine = in[threadIdx.x];
  if (threadIdx.x == 0) {
    if (mine > 3) {
      s = a;
      // CHECK: sunk-stores.cu:[[@LINE-1]]:7: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
      // CHECK-NEXT: s = a;
      // CHECK: note: the compiler replaces the stores of both arms of the `if` by one store after it (instcombine, as in clang's -O2 pipeline); the result is that store's
      sn = b;
      // CHECK: sunk-stores.cu:[[@LINE-1]]:7: remark: writing shared array 'sn'
    } else {
      s = b;
      // CHECK: sunk-stores.cu:[[@LINE-1]]:7: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
      // CHECK: note: the compiler replaces the stores of both arms
      sn = a;
      // CHECK: sunk-stores.cu:[[@LINE-1]]:7: remark: writing shared array 'sn'
    }
  }
  // Every lane stores to one word: one wavefront, in either arm.
  if (mine > 5)
    flag = 1;
  // CHECK: sunk-stores.cu:[[@LINE-1]]:5: remark: writing shared array 'flag' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  else
    flag = 2;
  // CHECK: sunk-stores.cu:[[@LINE-1]]:5: remark: writing shared array 'flag' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x] + sn[threadIdx.x] + flag;
}

// One arm copies a whole struct, the other writes one member (kaldi's
// decoder: `offset = atomicAddI2(...)` or `offset.y = capacity`). SROA
// splits the copy into a store per member; instcombine merges the two
// stores of `.y`, whose pointers it spells differently (`gep %Pair, @off,
// 0, 1` and `gep i8, @off, 4`): compared by address, not by pointer. The
// merged store had no line before (LLVM 15 keeps the two stores).
struct Pair {
  int x, y;
};

__device__ Pair fetch(const int *in) {
  Pair p;
  p.x = in[0];
  p.y = in[1];
  return p;
}

__global__ void member(int *out, const int *in, int n) {
  __shared__ Pair off;
  if (threadIdx.x == 0) {
    if (in[2] < n) {
      off = fetch(in);
      // CHECK: sunk-stores.cu:[[@LINE-1]]:7: remark: writing shared array 'off' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
    } else {
      off.y =
          n;
      // CHECK: sunk-stores.cu:[[@LINE-2]]:7: remark: writing shared array 'off' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
    }
  }
  __syncthreads();
  out[threadIdx.x] = off.y;
}

void launch(int *o, const int *i) {
  pick<<<1, 64>>>(o, i);
  member<<<1, 64>>>(o, i, 9);
}
