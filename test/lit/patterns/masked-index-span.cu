// A data-dependent index masked into a 16-word table that is a member of a
// larger struct (rocRAND mtgp32's `param_tbl[y & 0x0f]`): whatever the
// data, every lane reads within 64 bytes, and any 32 consecutive words are
// in 32 different banks: no conflict. Without the mask, or with a stride
// that spreads the same 16 values over more than a row, it stays unknown;
// so does a range of 64 2-byte elements that starts in the middle of a
// word (33 words: the first and the last share bank 0).
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

__global__ void halves(const unsigned *keys, short *out) {
  __shared__ short s[256];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  const unsigned y = keys[threadIdx.x];
  out[threadIdx.x] = s[1 + (y & 63)];
  out[threadIdx.x + 256] = s[y & 63];
}

void launch(const unsigned *keys, unsigned *out, short *h) {
  tables<<<1, 256>>>(keys, out);
  halves<<<1, 256>>>(keys, h);
}
// CHECK: "assumptions": [
// CHECK: "every address it can take is within bytes 1600 to 1663 of the array (64 bytes, within one row of the 32 banks): each of those words is in a bank of its own, whatever the index
// CHECK: "line": 22,
// CHECK: "status": "ok"
// CHECK: "data_dependent": true,
// CHECK: "line": 23,
// CHECK: "status": "unknown"
// CHECK: "data_dependent": true,
// CHECK: "line": 24,
// CHECK: "status": "unknown"
// CHECK: "function": "halves",
// CHECK: "line": 32,
// CHECK: "status": "unknown"
// CHECK: "every address it can take is within bytes 0 to 127 of the array (128 bytes, within one row of the 32 banks)
// CHECK: "function": "halves",
// CHECK: "line": 33,
// CHECK: "status": "ok"
