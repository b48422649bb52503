// Two tiles carved from one dynamic allocation; the second, Bs, conflicts
// (transposed stores). Bs is the last buffer: padding its rows grows the
// launch's size, a constant here, by the term that counts Bs (`BK * BN`,
// not the equal `BM * BK` of As). With --prefer=swizzle, the XOR swizzle
// of Bs's column term, which needs no change to the launch.
struct __attribute__((aligned(16))) vec4 { float x, y, z, w; };
constexpr int BM = 64, BN = 64, BK = 8;

__global__ void tile_carved_second(float *out, const float *a) {
  extern __shared__ float smem[];
  float *As = smem;
  float *Bs = smem + BM * BK;
  const int t = threadIdx.x, n = t / 2, kq = t % 2;
  const vec4 v = reinterpret_cast<const vec4 *>(a)[t];
  reinterpret_cast<vec4 *>(&As[(t / 16) * BM + (t % 16) * 4])[0] = v;
  Bs[(kq * 4 + 0) * BN + n] = v.x;
  Bs[(kq * 4 + 1) * BN + n] = v.y;
  Bs[(kq * 4 + 2) * BN + n] = v.z;
  Bs[(kq * 4 + 3) * BN + n] = v.w;
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < BK; ++k)
    acc += As[k * BM + t % 64] * Bs[k * BN + t % 64];
  out[t] = acc;
}

void launch(float *o, const float *a) {
  tile_carved_second<<<1, 128, (BM * BK + BK * BN) * sizeof(float)>>>(o, a);
}
