#pragma once
// The side panel (body, method, camera, method comparison, inspector, session files and
// screenshot, in collapsing sections) and the small keys window under the legend.

#include <array>
#include <string>

#include <glm/vec3.hpp>

#include "live/live_state.hpp"

namespace debugger::live {

/// What the panel's widgets edit before it is applied.
struct PanelState {
  /// 0 sphere, 1 ellipsoid, 2 box, 3 capsule.
  int shape = 0;
  float radius = 0.4f;        ///< sphere and capsule radius
  glm::vec3 radii{0.4f};      ///< ellipsoid radii, box half extents
  float half_height = 0.4f;   ///< capsule
  glm::vec3 up{0.0f, 1.0f, 0.0f};  ///< the scene's up: a capsule's axis
  float scene_radius = 0.4f;  ///< the scene's default body radius (slider ranges)
  std::array<char, 512> session_path{};
};

/// Requests that need the loop (the renderer, files).
struct PanelAction {
  bool apply_body = false;  ///< restart the recording with PanelState's body and `method`
  collision::Method method = collision::Method::kRobust;
  bool save_session = false;
  bool load_session = false;
  bool screenshot = false;
};

/// Fills the panel's body fields from the recording's body.
PanelState make_panel_state(const LiveState& s, const std::string& session_path);
/// The body PanelState describes.
collision::Body panel_body(const PanelState& p);

/// A character's ground (its triangle and, on a mover, which one and how fast it moves there),
/// velocity and contacts with their gaps less `skin`: the body's and a followed character's.
void draw_ground_and_contacts(const LiveState& s, const collision::CharacterState& state, float skin);
/// Draws the side panel (placed by the caller: layout.hpp). With the camera on one of a scene
/// file's characters (V, --follow cN) a section describes it as "Ground and contacts" does the
/// body.
void draw_side_panel(LiveState& s, PanelState& p, PanelAction& action);
/// The answer to "the recording is not saved" (LiveState::ask): save first, go on without
/// saving, or cancel; kWaiting while the question is open (a modal window).
enum class UnsavedAnswer { kWaiting, kSaveFirst, kDiscard, kCancel };
UnsavedAnswer ask_about_unsaved(const LiveState& s);
/// The keys, in a small window (placed by the caller: layout.hpp).
void draw_keys_window();

}  // namespace debugger::live
