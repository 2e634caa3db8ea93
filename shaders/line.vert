#version 450
// Four vertices per line (indexed), pulled from the ring buffer (no instancing: software rasterisers run
// every instance as its own draw). Each line becomes a screen-space quad `width` pixels wide
// around the projected segment, extended by half the width at both ends so joints close.
// Clipped to the near plane first.
#include "common.glsl"

// renderer::DebugLine: vec3 a, float width, vec3 b, uint colour (8 words).
layout(std430, set = 0, binding = 0) readonly buffer Words { uint words[]; };

layout(location = 0) out vec4 v_colour;

// Corners of quad i are vertices 4i..4i+3; the index buffer makes triangles (0 1 2) (0 2 3).
const vec2 kCorners[4] = vec2[](vec2(0, -1), vec2(1, -1), vec2(1, 1), vec2(0, 1));

void main() {
  uint base = pc.first + 8u * uint(gl_VertexIndex / 4);
  vec3 a = uintBitsToFloat(uvec3(words[base], words[base + 1u], words[base + 2u]));
  float width = uintBitsToFloat(words[base + 3u]);
  vec3 b = uintBitsToFloat(uvec3(words[base + 4u], words[base + 5u], words[base + 6u]));
  v_colour = unpackUnorm4x8(words[base + 7u]);
  vec4 ca = pc.view_proj * vec4(a, 1.0);
  vec4 cb = pc.view_proj * vec4(b, 1.0);
  if (ca.z < 0.0 && cb.z < 0.0) {
    gl_Position = kCulled;
    return;
  }
  if (ca.z < 0.0) ca = mix(ca, cb, ca.z / (ca.z - cb.z));
  if (cb.z < 0.0) cb = mix(cb, ca, cb.z / (cb.z - ca.z));

  vec2 half_viewport = 0.5 * pc.viewport;
  vec2 sa = ca.xy / ca.w * half_viewport;
  vec2 sb = cb.xy / cb.w * half_viewport;
  vec2 d = sb - sa;
  float len = length(d);
  vec2 dir = len > 1e-4 ? d / len : vec2(1.0, 0.0);
  vec2 normal = vec2(-dir.y, dir.x);

  vec2 corner = kCorners[gl_VertexIndex % 4];
  vec4 p = corner.x < 0.5 ? ca : cb;
  vec2 offset = (normal * corner.y + dir * (corner.x * 2.0 - 1.0)) * (0.5 * width);
  p.xy += offset / half_viewport * p.w;
  gl_Position = pull_towards_eye(p);
}
