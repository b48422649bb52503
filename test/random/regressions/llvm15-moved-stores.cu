// From gen.py --seed 2 (k85). LLVM 15 only (run.sh on build-15, ARCH=sm_80): the stores of lines 12 and 14 are also reported at lines 14 and 15.
template <typename T, int S>
__global__ void k85(float *out) {
  extern __shared__ __attribute__((aligned(16))) unsigned char raw85[];
  T *s85_0 = reinterpret_cast<T *>(raw85);
  __shared__ float4 s85_1[16][2];
  const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  const int t = tx + blockDim.x * (ty + blockDim.y * tz);
  const int val = t + 1;
  float acc = 0.0f;
  T *p0 = &s85_0[(t & 3)];
  { float2 v = {(float)val, (float)val}; p0[((t * 33) + (((threadIdx.x << 5) & 28) * 32))] = v; }
  if ((t * S) % 2 == 0)
    { float4 v = {(float)val, (float)val, (float)val, (float)val}; s85_1[threadIdx.x][(t & 1)] = v; }
  acc += (float)s85_0[0].x;
  acc += (float)s85_1[0][0].x;
  out[t] = acc;
}
void launch(float *out) { k85<float2, 8><<<1, dim3(16, 1, 1), 4032>>>(out); }
