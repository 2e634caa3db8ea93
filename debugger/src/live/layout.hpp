#pragma once
// Where the window's panels go, recomputed every frame from the window's size: the legend and
// the keys on the left, the side panel on the right, the timeline along the bottom, each
// anchored to its edges. Below kRoomyWidth x kRoomyHeight the panels collapse to their title
// bars, stacked in the top-left corner, rather than overlap (a click on a title opens one); the
// keys collapse under the legend when the two do not fit above the timeline.

#include <array>
#include <initializer_list>
#include <string>

namespace debugger::live {

struct PanelRect {
  float x = 0.0f, y = 0.0f, w = 0.0f, h = 0.0f;
  bool collapsed = false;  ///< only its title bar fits: shown collapsed (h is the open size)
};

inline constexpr float kRoomyWidth = 900.0f, kRoomyHeight = 560.0f;

struct Layout {
  PanelRect legend, keys, side, timeline;
  bool compact = false;  ///< too small for the panels: they start collapsed
};

/// The panels' rectangles for a `width` x `height` window (pixels).
Layout compute_layout(float width, float height);

/// Places the next ImGui window at `rect`: collapsed or opened when the layout's verdict for it
/// changes (`was_collapsed`, kept per panel), so the user may open or close it by its title bar
/// in between.
void place_panel(const PanelRect& rect, bool& was_collapsed);

/// The ImGui window names of the panels, in the order of Layout's members.
inline constexpr std::array<const char*, 4> kPanelNames = {"Legend", "Keys", "Prism", "Timeline"};

/// Every panel's rectangle as ImGui placed it (collapsed: its title bar), then how wide its
/// contents reach and the width they have, and `cut` when the contents are wider and the panel
/// does not scroll sideways (else `whole`): `NAME X Y W H CONTENT ROOM cut|whole` a line; the
/// window tests check them against the window.
std::string describe_panels();
/// The same for the panels named `names` (the 2D window's: its inspector is "Inspector").
std::string describe_panels(std::initializer_list<const char*> names);

}  // namespace debugger::live
