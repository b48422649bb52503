// A run of more than two adjacent doubles is split as ptxas splits it: the
// pairs whose lower address is 16-byte aligned for every thread are each one
// STS.128 / LDS.128, and a double left without an aligned partner is one
// STS.64 / LDS.64 (measured on the H200: test/hardware/explore/runs18.cu;
// HeCBench's zmddft stores 32 doubles of a row so).
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

__global__ void store3_odd(double *out, const double *in) {
  __shared__ double s[136];
  const int t = threadIdx.x;
  s[4 * t + 1] = in[t];
  // CHECK: double-runs.cu:[[@LINE-1]]:3: warning: 4-way bank conflict writing shared array 's' on sm_{{[0-9]+}}: 8 wavefronts per warp instruction, ideal 2
  // CHECK: note: not merged: its address is 8 modulo 16 for every thread, and the adjacent double above it pairs with the one above that into a 16-byte instruction
  s[4 * t + 2] = in[t + 32];
  // CHECK: double-runs.cu:[[@LINE-1]]:3: warning: 2-way bank conflict writing shared array 's' on sm_{{[0-9]+}}: 8 wavefronts per warp instruction, ideal 4
  // CHECK: note: ptxas merges this access with the one at line [[@LINE+1]], column 3 into one 16-byte STS.128
  s[4 * t + 3] = in[t + 64];
  // CHECK: double-runs.cu:[[@LINE-1]]:3: warning: 2-way bank conflict writing shared array 's' on sm_{{[0-9]+}}: 8 wavefronts per warp instruction, ideal 4
  __syncthreads();
  out[t] = s[t] + s[t + 64];
}

__global__ void load4(double *out, const double *in) {
  __shared__ double s[128];
  for (int j = threadIdx.x; j < 128; j += blockDim.x)
    s[j] = in[j];
  __syncthreads();
  const int t = threadIdx.x;
  const double a = s[4 * t];
  // CHECK: double-runs.cu:[[@LINE-1]]:20: warning: 2-way bank conflict reading shared array 's' on sm_{{[0-9]+}}: 8 wavefronts per warp instruction, ideal 4
  // CHECK: note: ptxas merges this access with the one at line [[@LINE+1]], column 20 into one 16-byte LDS.128
  const double b = s[4 * t + 1];
  const double c = s[4 * t + 2];
  // CHECK: double-runs.cu:[[@LINE-1]]:20: warning: 2-way bank conflict reading shared array 's' on sm_{{[0-9]+}}: 8 wavefronts per warp instruction, ideal 4
  // CHECK: note: ptxas merges this access with the one at line [[@LINE+1]], column 20 into one 16-byte LDS.128
  const double d = s[4 * t + 3];
  out[t] = a * b + c * d;
}

void launch(double *o, const double *i) {
  store3_odd<<<1, 32>>>(o, i);
  load4<<<1, 32>>>(o, i);
}

// One double stored in both arms of an `if` (one sunk store, two findings)
// and the next one: a pair of two accesses, not a run of three.
struct alignas(16) four_doubles { double x, y, z, w; };

__global__ void sunk_pair(double *out, const double *in, int c, double a, double b) {
  __shared__ four_doubles v;
  if (c)
    v.x = a;
  else
    v.x = b;
  v.y = in[threadIdx.x];
  // CHECK: double-runs.cu:[[@LINE-1]]:3: remark: writing shared array 'v' on sm_{{[0-9]+}}: no bank conflict
  // CHECK-NOT: not merged
  // CHECK: note: ptxas merges this access with the ones at line [[@LINE-6]], column 5, line [[@LINE-4]], column 5 into one 16-byte STS.128
  out[threadIdx.x] = v.z;
}

void launch_sunk(double *o, const double *i) { sunk_pair<<<1, 32>>>(o, i, 1, 2.0, 3.0); }
