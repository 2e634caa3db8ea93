// One colour per meaning: no two colours of the palette are alike, and every overlay and
// timeline marker draws in a palette colour.
#include <gtest/gtest.h>

#include <cmath>

#include "debugger/events.hpp"
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
  return false;
}

TEST(Palette, NoTwoMeaningsShareAColour) {
  const auto& p = debugger::palette::kPalette;
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

}  // namespace
