#version 450
#include "common.glsl"

layout(location = 0) in vec3 position;
layout(location = 1) in vec4 colour;
layout(location = 0) out vec4 v_colour;

void main() {
  v_colour = colour;
  gl_Position = pull_towards_eye(pc.view_proj * vec4(position, 1.0));
}
