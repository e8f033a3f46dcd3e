// All-pairs n-body accelerations with float4 bodies and rsqrtf.
__global__ void nbody(const float4 *pos, float3 *acc, int n, float soft2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 p = pos[i];
  float3 a = make_float3(0.f, 0.f, 0.f);
  for (int j = 0; j < n; ++j) {
    float4 q = pos[j];
    float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
    float inv = rsqrtf(dx * dx + dy * dy + dz * dz + soft2);
    float s = q.w * inv * inv * inv;
    a.x += dx * s; a.y += dy * s; a.z += dz * s;
  }
  acc[i] = a;
}
