#pragma once
/// @file palette.hpp
/// Every colour the debugger draws, one meaning each, across the 3D overlays, the window's own
/// markings (picked triangle or line, comparisons), the timeline's event markers and the 2D
/// view of a Doom map: a meaning both views show has one colour in both (the body white, its
/// moves pale gold, a surface moved by the radius sky blue, anomalies red, a pick light cyan),
/// and the 2D view's own meanings have their own (kPalette2d). The legends list them;
/// tests/debugger/test_palette.cpp checks no two colours of kPalette and kPalette2d are alike
/// (CIE76 distance) and that both views draw only these.
/// Overlays draw lines over at most one fill, the level's own triangle highlight (candidates
/// or hits, the hit winning), so no blend of two palette colours is ever drawn.
///
/// Opaque here; a highlight of the level mixes its colour over the lit triangle.

#include <array>

#include "debugger/events.hpp"
#include "renderer/debug_draw.hpp"

namespace debugger::palette {

using renderer::rgba;

inline constexpr renderer::Colour kCandidates = rgba(255, 205, 0);    ///< yellow
inline constexpr renderer::Colour kHits = rgba(200, 0, 70);           ///< crimson
inline constexpr renderer::Colour kOffsetPlane = rgba(0, 170, 255);   ///< sky blue
inline constexpr renderer::Colour kEdgeClip = rgba(255, 130, 0);      ///< orange
inline constexpr renderer::Colour kAcuteClip = rgba(230, 60, 230);    ///< magenta
inline constexpr renderer::Colour kSweptShape = rgba(40, 200, 80);    ///< green
inline constexpr renderer::Colour kContacts = rgba(0, 220, 170);      ///< teal
inline constexpr renderer::Colour kSteepContact = rgba(170, 100, 30); ///< brown
inline constexpr renderer::Colour kSlides = rgba(40, 80, 255);        ///< blue
inline constexpr renderer::Colour kGhosts = rgba(130, 150, 210);      ///< grey-blue
inline constexpr renderer::Colour kMoves = rgba(255, 235, 150);       ///< pale gold (actual move)
inline constexpr renderer::Colour kDesiredMove = rgba(100, 100, 100); ///< dark grey
inline constexpr renderer::Colour kGround = rgba(170, 90, 255);       ///< violet
inline constexpr renderer::Colour kStepUp = rgba(180, 255, 40);       ///< lime
inline constexpr renderer::Colour kStepUpFailed = rgba(120, 0, 0);    ///< dark red
inline constexpr renderer::Colour kBody = rgba(240, 240, 240);        ///< white (camera_test probes it)
inline constexpr renderer::Colour kPicked = rgba(150, 255, 255);      ///< light cyan
inline constexpr renderer::Colour kComparedMethod = rgba(255, 160, 120);  ///< salmon
inline constexpr renderer::Colour kComparedBranch = rgba(255, 120, 200);  ///< pink
inline constexpr renderer::Colour kAnomaly = rgba(255, 0, 0);         ///< red (timeline)
inline constexpr renderer::Colour kOtherEvent = rgba(170, 170, 170);  ///< grey (timeline)
inline constexpr renderer::Colour kMover = rgba(60, 90, 170);        ///< slate blue: a moving part of the level (door, lift)
inline constexpr renderer::Colour kOtherCharacter = rgba(120, 120, 20);  ///< olive: another character of the scene

// The 2D view's own (view2d.hpp). Floors are shaded from kFloorLow (the map's lowest) to
// kFloorHigh (its highest); only the scale's ends are palette colours.
inline constexpr renderer::Colour kNoSector = rgba(26, 28, 33);        ///< near black: outside every sector
inline constexpr renderer::Colour kFloorLow = rgba(31, 46, 89);        ///< deep blue
inline constexpr renderer::Colour kFloorHigh = rgba(158, 133, 77);     ///< sand
inline constexpr renderer::Colour kSolidLine = rgba(200, 255, 200);    ///< pale mint: one-sided line (a wall)
inline constexpr renderer::Colour kBlockingLine = rgba(190, 160, 40);  ///< ochre: two-sided, blocks the body here
inline constexpr renderer::Colour kPassableLine = rgba(80, 120, 70);   ///< moss: two-sided, the body passes
inline constexpr renderer::Colour kLineCrossing = rgba(255, 255, 0);   ///< lemon: a path or test ray crosses a line
inline constexpr renderer::Colour kInnerSide = rgba(0, 130, 130);      ///< dark teal: the point is on an edge's inner side
inline constexpr renderer::Colour kOuterSide = rgba(150, 40, 120);     ///< plum: on its outer side
inline constexpr renderer::Colour kPipWorking = rgba(210, 160, 255);   ///< lilac: test ray, quadrant axes and vertices
inline constexpr renderer::Colour kParticle = rgba(255, 200, 245);     ///< pale pink: the bouncing particle

struct Entry {
  renderer::Colour colour;
  const char* name;     ///< the colour's name, as the docs say it
  const char* meaning;  ///< what it marks
};

/// Every colour above with its meaning (the legend's rows and the palette test).
inline constexpr std::array<Entry, 23> kPalette = {{
    {kCandidates, "yellow", "candidates tested"},
    {kHits, "crimson", "triangles hit"},
    {kOffsetPlane, "sky blue", "offset plane S'"},
    {kEdgeClip, "orange", "edge clip planes"},
    {kAcuteClip, "magenta", "acute-angle clip planes"},
    {kSweptShape, "green", "exact swept shape"},
    {kContacts, "teal", "contacts"},
    {kSteepContact, "brown", "steep ground"},
    {kSlides, "blue", "slide vectors"},
    {kGhosts, "grey-blue", "body ghosts"},
    {kMoves, "pale gold", "actual move"},
    {kDesiredMove, "dark grey", "desired move"},
    {kGround, "violet", "ground, walkable"},
    {kStepUp, "lime", "step-up"},
    {kStepUpFailed, "dark red", "step-up failed"},
    {kBody, "white", "body"},
    {kPicked, "light cyan", "picked triangle"},
    {kComparedMethod, "salmon", "compared method"},
    {kComparedBranch, "pink", "compared branch"},
    {kAnomaly, "red", "anomaly"},
    {kOtherEvent, "grey", "other events"},
    {kMover, "slate blue", "movers (doors, lifts)"},
    {kOtherCharacter, "olive", "other characters"},
}};

/// The 2D view's own colours; the 2D legend lists these after the shared ones (kShared2d).
inline constexpr std::array<Entry, 11> kPalette2d = {{
    {kNoSector, "near black", "outside every sector"},
    {kFloorLow, "deep blue", "lowest floor"},
    {kFloorHigh, "sand", "highest floor"},
    {kSolidLine, "pale mint", "one-sided line (wall)"},
    {kBlockingLine, "ochre", "two-sided line, blocks here"},
    {kPassableLine, "moss", "two-sided line, passable"},
    {kLineCrossing, "lemon", "path or ray crosses a line"},
    {kInnerSide, "dark teal", "point on an edge's inner side"},
    {kOuterSide, "plum", "point on an edge's outer side"},
    {kPipWorking, "lilac", "test ray, quadrant axes"},
    {kParticle, "pale pink", "bouncing particle"},
}};

/// The 2D view's floor shade at `t` in [0, 1] (0: the map's lowest floor, 1: its highest), on
/// the straight line from kFloorLow to kFloorHigh.
inline renderer::Colour floor_scale(double t) {
  t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
  auto channel = [t](int shift) {
    const double a = static_cast<double>((kFloorLow >> shift) & 0xFFu), b = static_cast<double>((kFloorHigh >> shift) & 0xFFu);
    return static_cast<unsigned>(a + t * (b - a) + 0.5);
  };
  return rgba(static_cast<std::uint8_t>(channel(0)), static_cast<std::uint8_t>(channel(8)), static_cast<std::uint8_t>(channel(16)));
}

/// The 3D colours the 2D view draws with the same meaning.
inline constexpr std::array<Entry, 6> kShared2d = {{
    {kBody, "white", "body"},
    {kMoves, "pale gold", "path (actual moves)"},
    {kDesiredMove, "dark grey", "desired move"},
    {kOffsetPlane, "sky blue", "wall moved by the radius"},
    {kPicked, "light cyan", "picked line"},
    {kAnomaly, "red", "anomaly"},
}};

/// An event's colour (timeline markers, event lines in the panels): the overlays' colour of the
/// same meaning (contacts teal, ground violet, steep ground brown, step-ups lime), anomalies
/// red, the other events grey.
inline renderer::Colour event_colour(EventKind kind) {
  if (is_anomaly(kind)) return kAnomaly;
  switch (kind) {
    case EventKind::kContactBegin: case EventKind::kContactEnd: return kContacts;
    case EventKind::kGroundLost: case EventKind::kGroundFound: return kGround;
    case EventKind::kSteepGround: return kSteepContact;
    case EventKind::kStepUp: return kStepUp;
    default: return kOtherEvent;
  }
}

}  // namespace debugger::palette
