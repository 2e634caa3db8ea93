#pragma once
// Shared fixtures for the renderer tests: a validation-checked context, and small scenes.

#include <memory>

#include <gtest/gtest.h>

#include "renderer/offscreen_target.hpp"
#include "renderer/renderer.hpp"

namespace renderer_test {

/// A headless context with validation on, an offscreen target and a renderer.
struct Headless {
  Headless(std::uint32_t width, std::uint32_t height, bool imgui = false);
  ~Headless();
  std::unique_ptr<renderer::Context> context;
  std::unique_ptr<renderer::OffscreenTarget> target;
  std::unique_ptr<renderer::Renderer> renderer;
};

/// Fails the current test unless the validation layer is loaded and has said nothing.
void expect_validation_clean(const renderer::Context& context);

/// An upright wall: the square x = `x`, |y| <= half, |z| <= half (normal along X), one colour.
renderer::MeshUpload wall(float x, float half, renderer::Colour colour);

/// Camera at the origin looking along +X, Z up.
renderer::Camera camera_along_x();

/// The small scene of the golden test: floor, walls, debug geometry of every kind.
struct GoldenScene {
  renderer::MeshUpload level;
  renderer::DebugDraw debug;
  renderer::Camera camera;
  std::vector<renderer::TriangleHighlight> highlights;
};
GoldenScene golden_scene();

/// The ImGui window of the golden scene (fixed position and size, a few lines of text).
void golden_ui();

/// Writes the image to PRISM_TEST_OUTPUT_DIR/<name>.png for a person to look at.
std::string save_for_inspection(const renderer::RgbaImage& image, const std::string& name);

}  // namespace renderer_test
