// One colour per meaning, across the 3D and the 2D views: no two colours of the palettes are
// alike, and every overlay, timeline marker and primitive of the 2D view draws in a palette
// colour (before issue 39 the 2D view drew a blocking line red, the 3D view's anomaly colour).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <vector>

#include "collision/2d/doom_move.hpp"
#include "collision_io/wad.hpp"
#include "debugger/events.hpp"
#include "debugger/view2d.hpp"
#include "debugger/overlay.hpp"
#include "debugger/palette.hpp"
#include "live/timeline_panel.hpp"

namespace {

struct Lab { double l, a, b; };

// sRGB -> CIE L*a*b* (D65): distance in it is roughly what an eye tells apart.
Lab to_lab(renderer::Colour c) {
  auto linear = [](double u) { return u <= 0.04045 ? u / 12.92 : std::pow((u + 0.055) / 1.055, 2.4); };
  const double r = linear((c & 0xFFu) / 255.0), g = linear(((c >> 8) & 0xFFu) / 255.0),
               b = linear(((c >> 16) & 0xFFu) / 255.0);
  const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505, y = 0.2126 * r + 0.7152 * g + 0.0722 * b,
               z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089;
  auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
  return {116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))};
}

bool in_palette(renderer::Colour c) {
  for (const auto& e : debugger::palette::kPalette)
    if ((e.colour & 0x00FFFFFFu) == (c & 0x00FFFFFFu)) return true;
  for (const auto& e : debugger::palette::kPalette2d)
    if ((e.colour & 0x00FFFFFFu) == (c & 0x00FFFFFFu)) return true;
  return false;
}

// Every colour of both palettes (the 2D view's shared entries are 3D ones).
std::vector<debugger::palette::Entry> all_entries() {
  std::vector<debugger::palette::Entry> all(debugger::palette::kPalette.begin(), debugger::palette::kPalette.end());
  all.insert(all.end(), debugger::palette::kPalette2d.begin(), debugger::palette::kPalette2d.end());
  return all;
}

TEST(Palette, NoTwoMeaningsShareAColour) {
  const std::vector<debugger::palette::Entry> p = all_entries();
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = i + 1; j < p.size(); ++j) {
      const Lab a = to_lab(p[i].colour), b = to_lab(p[j].colour);
      const double d = std::sqrt((a.l - b.l) * (a.l - b.l) + (a.a - b.a) * (a.a - b.a) + (a.b - b.b) * (a.b - b.b));
      EXPECT_GT(d, 20.0) << p[i].meaning << " (" << p[i].name << ") vs " << p[j].meaning << " (" << p[j].name << ")";
    }
}

TEST(Palette, OverlaysAndTimelineMarkersDrawPaletteColours) {
  for (std::size_t i = 0; i < static_cast<std::size_t>(debugger::Overlay::kCount); ++i) {
    const debugger::OverlayStyle& s = debugger::overlay_style(static_cast<debugger::Overlay>(i));
    EXPECT_TRUE(in_palette(s.colour)) << s.legend;
    if (s.second_legend) {
      EXPECT_TRUE(in_palette(s.second)) << s.second_legend;
    }
  }
  for (int k = 0; k < static_cast<int>(debugger::EventKind::kCount); ++k)
    EXPECT_TRUE(in_palette(debugger::live::event_colour(static_cast<debugger::EventKind>(k)))) << k;
}

TEST(Palette, TwoDViewSharesTheMeaningsOfThe3dView) {
  namespace pal = debugger::palette;
  for (const auto& e : pal::kShared2d) EXPECT_TRUE(in_palette(e.colour)) << e.meaning;
  // The colours the issue found doubled: a blocking line is not an anomaly.
  EXPECT_NE(pal::kBlockingLine, pal::kAnomaly);
  EXPECT_EQ(pal::floor_scale(0.0), pal::kFloorLow);
  EXPECT_EQ(pal::floor_scale(1.0), pal::kFloorHigh);
}

TEST(Palette, TwoDViewDrawsOnlyPaletteColoursNotRedForABlockingLine) {
  using namespace collision::planar;
  if (!std::filesystem::exists("/usr/share/games/doom/freedoom1.wad")) GTEST_SKIP() << "freedoom not installed";
  collision::io::DoomLevel level = collision::io::load_doom_level("freedoom1:E1M1");
  open_manual_doors(level.map);
  const SectorWorld world(level.map);
  const DoomBody body;
  // A floor fill lies on the floor scale; anything else must be a palette colour.
  auto on_floor_scale = [](renderer::Colour c) {
    for (int i = 0; i <= 1000; ++i)
      if ((debugger::palette::floor_scale(i / 1000.0) & 0x00FFFFFFu) == (c & 0x00FFFFFFu)) return true;
    return false;
  };
  int lines = 0, blocking = 0;
  for (const PointInPolygonMethod m : {PointInPolygonMethod::kCrossing, PointInPolygonMethod::kQuadrant,
                                       PointInPolygonMethod::kAngleSum, PointInPolygonMethod::kConvexSigns}) {
    debugger::View2dState state;
    state.position = level.player1_start.position;
    state.path = {state.position - Vec2{64.0, 0.0}, state.position};
    state.last_delta = {8.0, 0.0};
    state.anomaly = true;
    state.picked_line = 0;
    debugger::View2dOptions options;
    options.method = m;
    options.view_height = 4096.0;
    renderer::DebugDraw draw;
    debugger::build_view_2d(world, body, state, options, draw);
    for (const renderer::DebugList* l : {&draw.on_top, &draw.depth_tested}) {
      for (const renderer::DebugLine& x : l->lines) {
        EXPECT_TRUE(in_palette(x.colour)) << std::hex << x.colour;
        ++lines;
        blocking += (x.colour & 0x00FFFFFFu) == (debugger::palette::kBlockingLine & 0x00FFFFFFu);
      }
      for (const renderer::DebugPoint& x : l->points) EXPECT_TRUE(in_palette(x.colour)) << std::hex << x.colour;
      for (const renderer::DebugVertex& x : l->triangles)
        EXPECT_TRUE(in_palette(x.colour) || on_floor_scale(x.colour)) << std::hex << x.colour;
    }
  }
  EXPECT_GT(lines, 400);
  EXPECT_GT(blocking, 4);  // E1M1's start room has steps and a pit edge that block
}

}  // namespace
