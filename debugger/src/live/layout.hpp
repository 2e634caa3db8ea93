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

/// The first minute's hint: one line along the window's bottom edge, shown until the first key
/// (the Keys panel is collapsed when it does not fit, as at the default 1280 x 720).
inline constexpr const char* kHintBar = "WASD walk  P pause  , . step  F12 screenshot  H help";
/// The hint bar's height in pixels: the panels are laid out above it while it shows.
float hint_bar_height();
/// Draws the hint bar along the bottom of a `width` x `height` window (foreground, over the view).
void draw_hint_bar(float width, float height);
/// True when the panel named `name` (kPanelNames) exists and is collapsed to its title bar.
bool panel_collapsed(const char* name);

/// Items cut off inside a panel, which the panel's own width check cannot see: a table cell's
/// text wider than its column, a combo's preview wider than its box. The panels note them as
/// they draw (below); describe_panels lists them, and the window tests fail on any.
/// Call after an item in a table cell: notes `what` as cut when the item reaches past the
/// cell's clip rectangle.
void note_cell_fit(const char* what);
/// Call before BeginCombo, after its width is set (SetNextItemWidth or the default): notes the
/// combo `what` as cut when `preview` is wider than the box leaves it.
void note_combo_fit(const char* what, const char* preview);
/// Forgets the notes of the frame before (call once a frame, before the panels).
void clear_fit_notes();

/// Places the next ImGui window at `rect`: collapsed or opened when the layout's verdict for it
/// changes (`was_collapsed`, kept per panel), so the user may open or close it by its title bar
/// in between.
void place_panel(const PanelRect& rect, bool& was_collapsed);

/// The ImGui window names of the panels, in the order of Layout's members.
inline constexpr std::array<const char*, 4> kPanelNames = {"Legend", "Keys", "Prism", "Timeline"};

/// Every panel's rectangle as ImGui placed it (collapsed: its title bar), then how wide its
/// contents reach and the width they have, and `cut` when the contents are wider and the panel
/// does not scroll sideways (else `whole`): `NAME X Y W H CONTENT ROOM cut|whole` a line; then
/// each noted cut item: `clip PANEL REACH ROOM WHAT` a line. The window tests check them.
std::string describe_panels();
/// The same for the panels named `names` (the 2D window's: its inspector is "Inspector").
std::string describe_panels(std::initializer_list<const char*> names);

}  // namespace debugger::live
