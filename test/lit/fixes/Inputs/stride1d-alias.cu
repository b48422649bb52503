// The rows of As are BM floats; the reads also add wm * WM with WM == BM
// (one warp tile per row, as in a warp-tiled SGEMM whose BM equals WM): WM
// counts rows there, so padding edits it along with BM and says so.
constexpr int BM = 64, BK = 8, WM = 64;

__global__ void tile_alias(float *out, const float *a) {
  __shared__ float As[BM * BK];
  const int t = threadIdx.x, m = t / 2, kq = t % 2;
  for (int j = 0; j < 4; ++j)
    As[(kq * 4 + j) * BM + m] = a[t * 4 + j];
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < BK; ++k)
    for (int wm = 0; wm < BM / WM; ++wm)
      acc += As[k * BM + wm * WM + t % 64];
  out[t] = acc;
}

void launch(float *o, const float *a) { tile_alias<<<1, 128>>>(o, a); }
