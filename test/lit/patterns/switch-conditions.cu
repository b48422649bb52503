// Switches in the device IR: simplifycfg turns `case` labels, and chains of
// tests on one value, into `switch` instructions. A lane performs an access
// under a switch only for the values that lead there, and a loop whose
// header is a switch (its test merged with an `if` of the body) is still
// enumerated. The model itself is checked in test/unit/LaneValuesTest.cpp.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

// Only lanes 0 and 1 of each warp read: 2 words of bank 0 (not 32).
__global__ void two_cases(int *out) {
  __shared__ int s[32 * 64];
  int v = 0;
  switch (threadIdx.x & 31) {
  case 0:
  case 1:
    v = s[32 * threadIdx.x];
    // CHECK: switch-conditions.cu:[[@LINE-1]]:9: warning: 2-way bank conflict reading shared array 's'
    break;
  }
  out[threadIdx.x] = v;
}

// The default: every lane but those of cases 0 and 1 (of 4) writes.
__global__ void default_case(int *out) {
  __shared__ int s[32 * 64];
  switch (threadIdx.x & 3) {
  case 0:
    break;
  case 1:
    out[threadIdx.x] = 1;
    break;
  default:
    s[32 * threadIdx.x] = 1;
    // CHECK: switch-conditions.cu:[[@LINE-1]]:5: warning: 16-way bank conflict writing shared array 's'
  }
}

// `i > 0` and `i != 2` become `switch i [0: exit, 2: next]` in the header:
// i = 4 (stride 2 words, 2-way) and i = 1 (stride 5) run, i = 2 (stride 4,
// 4-way) and i = 0 do not.
__global__ void loop_header_switch(int *out) {
  __shared__ int s[32 * 8];
  int acc = 0;
#pragma unroll 1
  for (int i = 4; i > 0; i >>= 1) {
    if (i != 2)
      acc += s[(6 - i) * threadIdx.x];
    // CHECK: switch-conditions.cu:[[@LINE-1]]:14: warning: 2-way bank conflict reading shared array 's'
  }
  out[threadIdx.x] = acc;
}
