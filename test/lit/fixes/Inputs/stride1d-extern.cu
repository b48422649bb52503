// Dynamic shared memory holding one transposed tile, rows of BM floats:
// the launch's size is edited along with the indices.
struct __attribute__((aligned(16))) vec4 { float x, y, z, w; };
#define BM 64
#define BK 8

__global__ void tile_extern(float *out, const float *a) {
  extern __shared__ float smem[];
  const int t = threadIdx.x, m = t / 2, kq = t % 2;
  const vec4 v = reinterpret_cast<const vec4 *>(a)[t];
  smem[(kq * 4 + 0) * BM + m] = v.x;
  smem[(kq * 4 + 1) * BM + m] = v.y;
  smem[(kq * 4 + 2) * BM + m] = v.z;
  smem[(kq * 4 + 3) * BM + m] = v.w;
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < BK; ++k)
    acc += smem[k * BM + t % 64];
  out[t] = acc;
}

void launch(float *o, const float *a) {
  tile_extern<<<1, 128, BM * BK * sizeof(float)>>>(o, a);
}
