#version 450
// One instance per line: a screen-space quad `width` pixels wide around the projected segment,
// extended by half the width at both ends so joints close. Clipped to the near plane first.
#include "common.glsl"

layout(location = 0) in vec3 a;
layout(location = 1) in float width;
layout(location = 2) in vec3 b;
layout(location = 3) in vec4 colour;

layout(location = 0) out vec4 v_colour;

const vec2 kCorners[6] = vec2[](vec2(0, -1), vec2(1, -1), vec2(1, 1),
                                vec2(0, -1), vec2(1, 1), vec2(0, 1));

void main() {
  v_colour = colour;
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

  vec2 corner = kCorners[gl_VertexIndex];
  vec4 p = corner.x < 0.5 ? ca : cb;
  vec2 offset = (normal * corner.y + dir * (corner.x * 2.0 - 1.0)) * (0.5 * width);
  p.xy += offset / half_viewport * p.w;
  gl_Position = pull_towards_eye(p);
}
