#pragma once
/// @file renderer.hpp
/// The frame: scene pass (level meshes, flat-shaded, optional wireframe and per-triangle
/// highlights) -> debug pass (DebugDraw lists) -> Dear ImGui pass -> present or read back.
///
/// Usage (headless; a WindowTarget works the same way):
///   auto context = renderer::create_context();
///   renderer::OffscreenTarget target(*context, 1280, 720);
///   renderer::Renderer r(*context, target);
///   renderer::MeshId level = renderer::upload_mesh(r, mesh);
///   renderer::begin_ui(r);  ImGui::Begin("Inspector"); ... ImGui::End();   // optional
///   renderer::MeshDraw draw{level};
///   renderer::RgbaImage pixels;
///   renderer::draw_frame(r, {.camera = camera, .meshes = {&draw, 1}, .debug = &lists}, &pixels);
///
/// Two frames are in flight: draw_frame returns once the frame is submitted (and, when asked
/// for pixels, once it is finished). Debug lists are copied into a per-frame ring buffer, so the
/// caller may clear and refill them right after draw_frame returns.
/// The ImGui backend is process-wide: one Renderer with UI at a time.

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "renderer/camera.hpp"
#include "renderer/debug_draw.hpp"
#include "renderer/device.hpp"
#include "renderer/image.hpp"
#include "renderer/target.hpp"

namespace renderer {

/// A triangle mesh to upload. Triangle i is (positions[t.x], positions[t.y], positions[t.z])
/// with t = triangles[i]. Both faces are lit alike (levels collide on both faces).
struct MeshUpload {
  std::vector<glm::vec3> positions;
  std::vector<glm::uvec3> triangles;
  std::vector<Colour> colours;  ///< one per triangle, or empty for a neutral grey
};

using MeshId = std::uint32_t;

/// Paints triangle `triangle` with `colour`, mixed over the lit colour by colour's alpha
/// (selected, candidate, hit: the app picks the colours).
struct TriangleHighlight {
  std::uint32_t triangle;
  Colour colour;
};

struct MeshDraw {
  MeshId mesh = 0;
  /// Where the mesh stands: world = rotation * local + translation (a rigid transform: a door or
  /// a lift drawn where it has moved to). The identity draws the mesh as uploaded.
  glm::mat3 rotation{1.0f};
  glm::vec3 translation{0.0f};
  bool wireframe = false;  ///< edges drawn on top of the filled triangles
  Colour wire_colour = rgba(20, 20, 20, 255);
  std::span<const TriangleHighlight> highlights;
};

/// A directional light plus ambient; shading uses |n . direction| so both faces light up.
struct Lighting {
  glm::vec3 direction{0.4f, 0.3f, 0.866f};  ///< towards the light, need not be unit
  float ambient = 0.35f;                     ///< 0..1
};

struct FrameInput {
  Camera camera;
  std::span<const MeshDraw> meshes;
  const DebugDraw* debug = nullptr;
  Lighting lighting;
  glm::vec4 clear_colour{0.10f, 0.11f, 0.13f, 1.0f};  ///< UNORM, written as is
};

struct RendererOptions {
  bool imgui = true;  ///< create the Dear ImGui context and pass
};

struct RendererState;

/// Draws frames into one target. Owns pipelines, meshes, per-frame buffers and the ImGui pass.
struct Renderer {
  /// @throws Error when pipelines or buffers cannot be created.
  Renderer(Context& context, Target& target, const RendererOptions& options = {});
  ~Renderer();
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

  Context& context;
  Target& target;
  std::unique_ptr<RendererState> state;
};

/// Uploads a mesh (waits for the GPU once). @throws Error when an index is out of range.
MeshId upload_mesh(Renderer& renderer, const MeshUpload& mesh);

/// Starts a Dear ImGui frame sized to the target (reads input from a window target's GLFW
/// window). Call ImGui:: widgets after it; the next draw_frame renders them. Optional.
void begin_ui(Renderer& renderer);

/// Records, submits and presents one frame. When `capture` is given, waits for the frame and
/// fills it with the target's pixels as RGBA8 (what the window shows, before presentation).
/// @returns false when the target could not take a frame now (minimised window); nothing was
/// drawn and the UI frame, if any, was dropped.
/// @throws Error on any Vulkan failure, including a lost device.
bool draw_frame(Renderer& renderer, const FrameInput& frame, RgbaImage* capture = nullptr);

/// Waits until the GPU finished every submitted frame.
void wait_idle(Renderer& renderer);

/// CPU-side timings of the last draw_frame, in milliseconds (steady clock).
struct FrameStats {
  double wait_ms = 0.0;    ///< waiting for the frame slot (the GPU two frames back) and acquire
  double upload_ms = 0.0;  ///< copying the debug lists into the ring buffer
  double record_ms = 0.0;  ///< recording and submitting commands (upload excluded)
  std::size_t debug_bytes = 0;  ///< bytes of debug geometry uploaded
};
const FrameStats& last_frame_stats(const Renderer& renderer);

}  // namespace renderer
