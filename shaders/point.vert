#version 450
// Four vertices per point (indexed), pulled from the ring buffer: a screen-facing square `size` pixels
// across; point.frag cuts the disc.
#include "common.glsl"

// renderer::DebugPoint: vec3 position, float size, uint colour (5 words).
layout(std430, set = 0, binding = 0) readonly buffer Words { uint words[]; };

layout(location = 0) out vec4 v_colour;
layout(location = 1) out vec2 v_local;

// Corners of quad i are vertices 4i..4i+3; the index buffer makes triangles (0 1 2) (0 2 3).
const vec2 kCorners[4] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(1, 1), vec2(-1, 1));

void main() {
  uint base = pc.first + 5u * uint(gl_VertexIndex / 4);
  vec3 position = uintBitsToFloat(uvec3(words[base], words[base + 1u], words[base + 2u]));
  float size = uintBitsToFloat(words[base + 3u]);
  v_colour = unpackUnorm4x8(words[base + 4u]);
  vec2 corner = kCorners[gl_VertexIndex % 4];
  v_local = corner;
  vec4 c = pc.view_proj * vec4(position, 1.0);
  if (c.z < 0.0 || c.w <= 0.0) {
    gl_Position = kCulled;
    return;
  }
  c.xy += corner * (0.5 * size) / (0.5 * pc.viewport) * c.w;
  gl_Position = pull_towards_eye(c);
}
