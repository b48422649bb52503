// Two accesses to one array at a constant distance under the same conditions
// may be merged by the compiler into one wider instruction (LDS.64 /
// ds_read_b64 / ds_read2_b32), which groups lanes differently: no conflict
// is claimed for them (unknown, with the reason); a lone access still warns.
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-show-unknown %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %clang_cuda_device %plugin -fplugin-arg-ldslint-arch=gfx90a -fplugin-arg-ldslint-show-unknown %s 2>&1 | FileCheck %s --check-prefix=AMD --implicit-check-not=warning:

__global__ void pairs(float *out) {
  __shared__ float s[64 * 2];
  out[threadIdx.x] = s[2 * threadIdx.x] + s[2 * threadIdx.x + 1];
  // CHECK: merged-accesses.cu:[[@LINE-1]]:22: remark: reading shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the compiler may merge this access with the one at line [[@LINE-1]], column 43 into one wider instruction, which groups lanes differently; as a separate 4-byte access it would be 2-way
  // AMD: merged-accesses.cu:[[@LINE-2]]:22: remark: reading shared array 's' on gfx90a: bank conflicts not decided: the compiler may merge
}

__global__ void far(float *out) {
  __shared__ float s[64 * 64];
  float a = s[threadIdx.x * 2];
  float b = s[threadIdx.x * 2 + 64];
  // CHECK: merged-accesses.cu:[[@LINE-2]]:13: warning: 2-way bank conflict reading shared array 's' on sm_{{[0-9]+}}
  // CHECK: merged-accesses.cu:[[@LINE-2]]:13: warning: 2-way bank conflict reading shared array 's' on sm_{{[0-9]+}}
  // AMD: merged-accesses.cu:[[@LINE-4]]:13: remark: reading shared array 's' on gfx90a: bank conflicts not decided: the compiler may merge this access with the one at line [[@LINE-3]]
  out[threadIdx.x] = a + b;
}

void launch(float *o) {
  pairs<<<1, 64>>>(o);
  far<<<1, 64>>>(o);
}
