#version 450
layout(location = 0) in vec4 v_colour;
layout(location = 1) in vec2 v_local;
layout(location = 0) out vec4 out_colour;

void main() {
  if (dot(v_local, v_local) > 1.0) discard;
  out_colour = v_colour;
}
