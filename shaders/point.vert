#version 450
// One instance per point: a screen-facing square `size` pixels across; point.frag cuts the disc.
#include "common.glsl"

layout(location = 0) in vec3 position;
layout(location = 1) in float size;
layout(location = 2) in vec4 colour;

layout(location = 0) out vec4 v_colour;
layout(location = 1) out vec2 v_local;

const vec2 kCorners[6] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(1, 1),
                                vec2(-1, -1), vec2(1, 1), vec2(-1, 1));

void main() {
  v_colour = colour;
  vec2 corner = kCorners[gl_VertexIndex];
  v_local = corner;
  vec4 c = pc.view_proj * vec4(position, 1.0);
  if (c.z < 0.0 || c.w <= 0.0) {
    gl_Position = kCulled;
    return;
  }
  c.xy += corner * (0.5 * size) / (0.5 * pc.viewport) * c.w;
  gl_Position = pull_towards_eye(c);
}
