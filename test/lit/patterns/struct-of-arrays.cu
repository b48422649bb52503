// The struct-of-arrays note goes only on arrays of structs: one struct
// (CUB's TempStorage, a tile in a struct) has no array to split, and a
// union's members share their bytes.
// RUN: not %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not='struct of arrays'
struct Particle { float x, y, z, w; };
union Word { float f; int i; float pad[4]; };

__global__ void particles(float *out) {
  __shared__ Particle ps[128];
  out[threadIdx.x] = ps[threadIdx.x].x;
  // CHECK: struct-of-arrays.cu:[[@LINE-1]]:{{[0-9]+}}: warning: 4-way bank conflict reading shared array 'ps'
  // CHECK: note: 'ps' holds 16-byte structs and this access uses 4 bytes of each: a struct of arrays (one array per member) would give consecutive lanes consecutive words
}

__global__ void one_struct(float *out) {
  __shared__ struct { float v[32][32]; } st;
  out[threadIdx.x] = st.v[threadIdx.x][0];
  // CHECK: struct-of-arrays.cu:[[@LINE-1]]:{{[0-9]+}}: warning: 32-way bank conflict reading shared array 'st'
}

__global__ void unions(float *out) {
  __shared__ Word w[128];
  out[threadIdx.x] = w[threadIdx.x].f;
  // CHECK: struct-of-arrays.cu:[[@LINE-1]]:{{[0-9]+}}: warning: 4-way bank conflict reading shared array 'w'
}

void launch(float *o) {
  particles<<<1, 32>>>(o);
  one_struct<<<1, 32>>>(o);
  unions<<<1, 32>>>(o);
}
