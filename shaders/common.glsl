// Push constants shared by every renderer pipeline (112 bytes; 128 are guaranteed).
layout(push_constant) uniform Push {
  mat4 view_proj;  // world -> Vulkan clip space (y down, depth 0..1)
  vec4 light;      // xyz: unit direction towards the light; w: ambient 0..1
  vec4 colour;     // wireframe colour (scene pass, mode 1)
  vec2 viewport;   // target size in pixels
  uint mode;       // scene pass: 0 filled, 1 wireframe
  uint first;      // debug pass: index of the first 32-bit word of this draw's list
} pc;

// A point behind the near plane: the rasteriser clips it away.
const vec4 kCulled = vec4(0.0, 0.0, -2.0, 1.0);

// Depth-tested debug geometry is pulled towards the eye by this fraction of its distance, so a
// line drawn on a face wins against that face at any range (z_ndc -= k * (1 - z_ndc)).
const float kDepthPull = 0.002;
vec4 pull_towards_eye(vec4 clip) { return vec4(clip.xy, clip.z - kDepthPull * (clip.w - clip.z), clip.w); }
