// A data-dependent index masked into a 16-word table that is a member of a
// larger struct (rocRAND mtgp32's `param_tbl[y & 0x0f]`): whatever the
// data, every lane reads within 64 bytes, and any 32 consecutive words are
// in 32 different banks: no conflict. Without the mask, or with a stride
// that spreads the same 16 values over more than a row, it stays unknown.
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json
// RUN: FileCheck %s --input-file=%t.json

struct Engine {
  unsigned status[400];
  unsigned table[16];
  unsigned wide[16][3];
};

__global__ void tables(const unsigned *keys, unsigned *out) {
  __shared__ Engine e;
  e.status[threadIdx.x] = threadIdx.x;
  __syncthreads();
  const unsigned y = keys[threadIdx.x];
  out[threadIdx.x] = e.table[y & 0x0f];
  out[threadIdx.x + 256] = e.status[y];
  out[threadIdx.x + 512] = e.wide[y & 0x0f][0];
}

void launch(const unsigned *keys, unsigned *out) { tables<<<1, 256>>>(keys, out); }
// CHECK: "assumptions": [
// CHECK: "every address it can take is within bytes 1600 to 1663 of the array (64 bytes, within one row of the 32 banks): each of those words is in a bank of its own, whatever the index
// CHECK: "line": 20,
// CHECK: "status": "ok"
// CHECK: "data_dependent": true,
// CHECK: "line": 21,
// CHECK: "status": "unknown"
// CHECK: "data_dependent": true,
// CHECK: "line": 22,
// CHECK: "status": "unknown"
