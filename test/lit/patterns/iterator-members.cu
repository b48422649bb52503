// Pointers kept in the members of a local object that the clean-up leaves
// in memory (CUTLASS's tile iterators: `pointer_[i]` set in a loop, moved
// with `pointer_ += n`, next to members that point to global memory). An
// access through such a pointer is an access to shared memory when every
// pointer stored into that member is shared or that member's own value
// moved; it gets an answer (here `unknown`: which element is read is not
// followed), never none. A member that also holds a global pointer is not
// claimed.
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json
// RUN: FileCheck %s --input-file=%t.json --implicit-check-not='"line": 46,'

struct Iterator {
  const float *global;
  float *pointer_[2];
  float *moving;
  int index;
  __device__ Iterator(float *shared, const float *g, int lane) : global(g), moving(shared + lane) {
    for (int i = 0; i < 2; ++i)
      pointer_[i] = shared + lane + i * 32;
    index = 0;
  }
  __device__ __attribute__((noinline)) void advance(int n) {
    moving += n;
    ++index;
  }
  __device__ float read(int i) const { return pointer_[i & 1][0] + *moving; }
};

struct Mixed {
  float *p[2];
};

__global__ void iterate(const float *in, float *out, int n) {
  __shared__ float tile[128];
  tile[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  Iterator it(tile, in, threadIdx.x % 32);
  float sum = 0;
  for (int k = 0; k < n; ++k) {
    sum += it.read(k);
    it.advance(1);
  }
  Mixed m;
  m.p[0] = tile;
  m.p[1] = out;
  for (int k = 0; k < n; ++k)
    sum += m.p[k & 1][threadIdx.x];
  out[threadIdx.x] = sum;
}

void launch(const float *in, float *out, int n) { iterate<<<1, 128>>>(in, out, n); }
// CHECK: "line": 26,
// CHECK: "reason": "the pointer is taken from a local array of pointers at run time",
// CHECK: "status": "unknown"
