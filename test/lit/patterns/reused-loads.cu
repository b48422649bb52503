// A read whose value the compiler takes from an earlier read of the same
// element (the classic compare-and-swap: `keyA` is read in the test and again
// in the swap) is no shared-memory instruction of its own. It still gets an
// answer at its line, saying so, instead of nothing; the read that does run
// carries the conflict.
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s
// RUN: %clang_cuda %plugin %s 2>&1 | FileCheck %s --check-prefix=DEFAULT --implicit-check-not=warning:
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json; test $? -eq 1
// RUN: FileCheck %s --check-prefix=JSON < %t.json

__device__ inline void swapIfGreater(unsigned &keyA, unsigned &keyB) {
  if (keyA > keyB) {
    // CHECK: reused-loads.cu:[[@LINE-1]]:7: warning: 2-way bank conflict reading shared array 's'
    // CHECK: reused-loads.cu:[[@LINE-2]]:14: warning: 2-way bank conflict reading shared array 's'
    // DEFAULT: reused-loads.cu:[[@LINE-3]]:7: warning: 2-way bank conflict reading shared array 's'
    // DEFAULT: reused-loads.cu:[[@LINE-4]]:14: warning: 2-way bank conflict reading shared array 's'
    unsigned t = keyA;
    // CHECK: reused-loads.cu:[[@LINE-1]]:18: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: the compiler reuses the value read at line [[@LINE-6]])
    // CHECK: note: in the device function called here
    keyA = keyB;
    // CHECK: reused-loads.cu:[[@LINE-1]]:5: warning: 2-way bank conflict writing shared array 's'
    // The condition in source names, not the IR's `_ZZ9sortPairsPjE1s`:
    // CHECK: note: assumed every lane satisfies `(`s[...]` > `s[...]`)`
    // CHECK: reused-loads.cu:[[@LINE-4]]:12: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: the compiler reuses the value read at line [[@LINE-12]])
    // DEFAULT: reused-loads.cu:[[@LINE-5]]:5: warning: 2-way bank conflict writing shared array 's'
    // DEFAULT-NOT: remark
    keyB = t;
    // DEFAULT: reused-loads.cu:[[@LINE-1]]:5: warning: 2-way bank conflict writing shared array 's'
  }
}

__global__ void sortPairs(unsigned *d) {
  __shared__ unsigned s[192];
  s[threadIdx.x] = d[threadIdx.x];
  s[threadIdx.x + 64] = d[threadIdx.x + 64];
  s[threadIdx.x + 128] = d[threadIdx.x + 128];
  __syncthreads();
  swapIfGreater(s[2 * threadIdx.x], s[2 * threadIdx.x + 64]);
  __syncthreads();
  d[threadIdx.x] = s[threadIdx.x];
}

void launch(unsigned *d) { sortPairs<<<1, 64>>>(d); }

// JSON: "line": 17,
// JSON-NEXT: "reason": "no shared-memory instruction of its own: the compiler reuses the value read at line 12",
// JSON-NEXT: "status": "ok",
