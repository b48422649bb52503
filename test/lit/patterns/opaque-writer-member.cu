// A pointer member read back from a local object: claimed shared when every
// pointer stored into it is. A function defined in another file that
// receives the object may store any pointer into it, so then the read is
// not claimed (with no constructor storing a null first, the stores seen
// are all shared: the call alone decides). A call that only reads the
// object (its parameter is `const`, and the function is known not to
// write through it) leaves the claim.
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json
// RUN: FileCheck %s --input-file=%t.json --implicit-check-not='"line": 35,'

struct Bare {
  float *data_;
  long stride_;
  int extent_[2]; // indexed at run time: the object stays in memory
  __device__ void reset(float *p, long s) {
    data_ = p;
    stride_ = s;
    extent_[0] = extent_[1] = 32;
  }
};

__device__ void retarget(Bare &r, float *p);
__device__ __attribute__((pure)) int inspect(const Bare &r);

__global__ void retargeted(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  Bare ref;
  ref.reset(&tile[0][0], 33);
  float sum = 0;
  for (int k = 0; k < n; ++k) {
    if (threadIdx.x < ref.extent_[k & 1])
      // A global pointer after the call, for all the analysis knows.
      sum += ref.data_[threadIdx.x * ref.stride_];
    if (k == 3)
      retarget(ref, out);
  }
  out[threadIdx.x] = sum;
}

__global__ void inspected(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  Bare ref;
  ref.reset(&tile[0][0], 33);
  float sum = 0;
  for (int k = 0; k < n; ++k) {
    if (threadIdx.x < ref.extent_[k & 1])
      sum += ref.data_[threadIdx.x * ref.stride_];
    // CHECK: "line": [[@LINE-1]],
    // CHECK: "status": "unknown"
    sum += inspect(ref);
  }
  out[threadIdx.x] = sum;
}

void launch(const float *in, float *out, int n) {
  retargeted<<<1, dim3(32, 32)>>>(in, out, n);
  inspected<<<1, dim3(32, 32)>>>(in, out, n);
}
