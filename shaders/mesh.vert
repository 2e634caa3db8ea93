#version 450
#include "common.glsl"

layout(location = 0) in vec3 position;

void main() { gl_Position = pc.view_proj * vec4(position, 1.0); }
