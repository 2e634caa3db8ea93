#version 450
// Flat shading per triangle: the normal and base colour come from a per-triangle buffer indexed
// by gl_PrimitiveID, so vertices are shared and never duplicated per face.
#include "common.glsl"

struct TriangleInfo {
  vec3 normal;  // unit
  uint colour;  // RGBA8, red in the low byte
};
layout(std430, set = 0, binding = 0) readonly buffer Triangles { TriangleInfo triangles[]; };
layout(std430, set = 0, binding = 1) readonly buffer Highlights { uint highlights[]; };

layout(location = 0) out vec4 out_colour;

void main() {
  if (pc.mode == 1u) {
    out_colour = pc.colour;
    return;
  }
  TriangleInfo t = triangles[gl_PrimitiveID];
  vec3 base = unpackUnorm4x8(t.colour).rgb;
  float diffuse = abs(dot(t.normal, pc.light.xyz));  // both faces are real walls
  vec3 lit = base * (pc.light.w + (1.0 - pc.light.w) * diffuse);
  vec4 highlight = unpackUnorm4x8(highlights[gl_PrimitiveID]);
  out_colour = vec4(mix(lit, highlight.rgb, highlight.a), 1.0);
}
