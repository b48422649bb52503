// A value carried by a loop whose own bounds are known (10000 iterations)
// but whose start depends on a kernel argument: the reason names the
// argument, not "bounds that are not known" (Kobzol's hardware-effects-gpu
// bank-conflicts demo, with `offset` from the command line). With a known
// start the loop is enumerated and decided.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// CHECK-NOT: whose bounds are not known

__global__ void carried(int offset) {
  __shared__ unsigned s[4096];
  unsigned index = threadIdx.x * offset;
  for (int i = 0; i < 10000; i++) {
    s[index] += index * i;
    // CHECK: loop-companion-start.cu:[[@LINE-1]]:5: remark: reading shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `index`, which differs between lanes (it changes in the loop at line [[@LINE-2]], and its start depends on `offset`, a kernel argument)
    index += 32;
    index %= 4096;
  }
}

__global__ void carriedKnown() {
  __shared__ unsigned s[4096];
  unsigned index = threadIdx.x * 2;
  for (int i = 0; i < 10000; i++) {
    s[index] += index * i;
    // CHECK: loop-companion-start.cu:[[@LINE-1]]:5: warning: 2-way bank conflict reading shared array 's'
    index += 32;
    index %= 4096;
  }
}

void launch(int offset) {
  carried<<<1, 32>>>(offset);
  carriedKnown<<<1, 32>>>();
}
