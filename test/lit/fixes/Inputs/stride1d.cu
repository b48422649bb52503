// One-dimensional tiles of a register-tiled SGEMM, rows laid out by hand.
struct __attribute__((aligned(16))) vec4 { float x, y, z, w; };
constexpr int BM = 64, BK = 8;

// As is stored transposed: As[k * BM + m]. Lanes 2i and 2i+1 store rows
// k and k+4 of the same m: with BM a multiple of 32 they hit one bank.
__global__ void __launch_bounds__(128) tile_static(float *out, const float *a) {
  __shared__ float As[BM * BK];
  const int t = threadIdx.x, m = t / 2, kq = t % 2;
  const vec4 v = reinterpret_cast<const vec4 *>(a)[t];
  As[(kq * 4 + 0) * BM + m] = v.x;
  As[(kq * 4 + 1) * BM + m] = v.y;
  As[(kq * 4 + 2) * BM + m] = v.z;
  As[(kq * 4 + 3) * BM + m] = v.w;
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < BK; ++k) {
    const vec4 r = reinterpret_cast<const vec4 *>(&As[k * BM + (t % 16) * 4])[0];
    acc += r.x + r.y + r.z + r.w;
  }
  out[t] = acc;
}

void launch(float *o, const float *a) { tile_static<<<1, 128>>>(o, a); }
