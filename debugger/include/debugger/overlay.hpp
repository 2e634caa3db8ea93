#pragma once
/// @file overlay.hpp
/// Trace -> renderer::DebugDraw lists and triangle highlights. Each overlay has a toggle and a
/// colour in the legend; the colours live here, in one table, so picture and legend agree.

#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "collision/character.hpp"
#include "collision/trace.hpp"
#include "collision/recording_file.hpp"
#include "collision/world.hpp"
#include "debugger/events.hpp"
#include "debugger/movers.hpp"
#include "renderer/debug_draw.hpp"
#include "renderer/renderer.hpp"

namespace debugger {

enum class Overlay : std::uint8_t {
  kCandidates,     ///< candidate triangles (tested), highlighted in the level
  kHits,           ///< triangles hit, highlighted
  kOffsetPlane,    ///< seed 000's S' (and its twin behind the triangle)
  kEdgeClip,       ///< the three edge clip planes
  kAcuteClip,      ///< the three acute-angle clip planes
  kSweptShape,     ///< the exact shape a sphere of radius r cannot enter (plates, cylinders, spheres)
  kContacts,       ///< contact points and normals
  kSlides,         ///< slide vector of each iteration
  kGhosts,         ///< the body at the end of each iteration
  kMoves,          ///< desired versus actual move of the frame
  kGround,         ///< ground probe and normal
  kStepUp,         ///< step-up probe
  kBody,           ///< the body itself
  kCount
};
const char* to_string(Overlay o);

struct OverlayStyle {
  renderer::Colour colour;  ///< from palette.hpp
  const char* legend;
  renderer::Colour second = 0;  ///< a second colour some of its marks take (0: none)
  const char* second_legend = nullptr;
};
/// Colour and legend text of each overlay.
const OverlayStyle& overlay_style(Overlay o);

struct OverlayOptions {
  std::array<bool, static_cast<std::size_t>(Overlay::kCount)> on;
  /// Draw the prism of every tested triangle, not only those hit.
  bool prisms_of_all_candidates = false;
  /// Moves and slides are a frame long (a few cm at 60 Hz): drawn this many times longer.
  float move_scale = 8.0f;
  /// Only this slide iteration (index into Trace::iterations), or -1 for all.
  int only_iteration = -1;
  OverlayOptions() { on.fill(true); }
  bool operator[](Overlay o) const { return on[static_cast<std::size_t>(o)]; }
};

/// The frame's pictures: debug lists plus triangle highlights for the level mesh and the movers.
struct OverlayFrame {
  renderer::DebugDraw debug;
  std::vector<renderer::TriangleHighlight> highlights;
  /// By instance id: highlights of that mover's own triangles (scene_draws hands them to its draw).
  std::vector<std::vector<renderer::TriangleHighlight>> mover_highlights;
  /// The triangles whose prisms were drawn, as (instance, triangle): kStaticLevel for the level's.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> prism_triangles;
};

/// The moving parts a scene's trace names (TriangleTest::instance): their triangles are posed
/// as they stood at `frame`, the state after the traced step. Both null without movers.
struct TraceMovers {
  const SessionMovers* movers = nullptr;
  const MoverFrame* frame = nullptr;
};

/// A picked triangle: its outline on top, and a hatched patch of it clipped to a square of
/// half-size `extent` around `focus` (its point nearest the body), so a large wall shows where
/// it matters instead of flooding the view.
void add_picked_triangle(const collision::Triangle& triangle, glm::vec3 focus, float extent, renderer::Colour colour,
                         OverlayFrame& out);

/// Fills `out` (cleared first) from `trace` for `body` in `world` with up axis `up`; a scene's
/// mover candidates are highlighted on their movers and their prisms drawn where they stood.
void build_overlay(const collision::Trace& trace, const collision::World& world,
                   const collision::Body& body, const collision::CharacterState& state,
                   glm::vec3 up, float max_slope_degrees, const OverlayOptions& options,
                   OverlayFrame& out, const TraceMovers& movers = {});

/// Adds one triangle's offset prism and exact swept shape for `body` (as build_overlay draws them for hit
/// triangles), for a triangle the inspector selected; skipped when already drawn.
void add_prism(const collision::TriangleTest& test, const collision::Triangle& triangle,
               const collision::Body& body, const OverlayOptions& options, OverlayFrame& out);

/// The distances the frame's anomalies measured (Event::measured: early_catch's gap) as
/// dimensions in the anomaly's red: a segment from the geometry to the body, drawn over
/// everything, with a crossbar at each end. view.hpp's draw_measure_labels writes their numbers.
void add_measures(const std::vector<Event>& events, glm::vec3 up, OverlayFrame& out);

/// The scene's other characters (a scene file's: movers.hpp), each body's outline where it
/// stands at `frame`, in the palette's olive; `followed` (a character id, or any other value for
/// none) drawn thicker. Nothing without them, or with the body overlay off (its legend row's
/// second colour).
void add_other_characters(const SessionMovers* movers, const std::optional<MoverFrame>& frame, std::uint32_t followed,
                          const OverlayOptions& options,
                          OverlayFrame& out);

/// A body placed in the view: a game's recorded character where it stands (add_characters).
struct PlacedBody {
  collision::Body body;
  glm::vec3 position{0.0f};
};
/// Characters of a game's recording (game_recording.hpp) other than the one drawn with its
/// trace: each body's outline in the palette's olive, as add_other_characters draws a scene
/// file's. Nothing with the body overlay off.
void add_characters(const std::vector<PlacedBody>& bodies, const OverlayOptions& options, OverlayFrame& out);

/// A game's recorded ray or sweep (collision::RecordedQuery), selected in the query browser:
/// its path in the picked colour (light cyan) from the start to the end, drawn over everything;
/// a sweep's body at its start and, when it hit, where it stopped; the hit point and contact
/// normal in the contacts' colour and the hit triangle highlighted as a hit; a start in overlap
/// marked at the start. The triangle index is the level's (recorded calls are on the level).
void add_recorded_query(const collision::RecordedQuery& query, const collision::World& world, OverlayFrame& out);

/// A second ghost and move arrow for a method comparison (drawn in `colour`).
void add_comparison(const collision::Trace& trace, const collision::Body& body, renderer::Colour colour,
                    float move_scale, OverlayFrame& out);

}  // namespace debugger
