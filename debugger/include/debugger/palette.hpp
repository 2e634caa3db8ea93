#pragma once
/// @file palette.hpp
/// Every colour the 3D debugger draws, one meaning each, across the overlays, the window's own
/// markings (picked triangle, comparisons) and the timeline's event markers. The legend lists
/// them all (kPalette); tests/debugger/test_palette.cpp checks no two are alike (CIE76 distance).
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

struct Entry {
  renderer::Colour colour;
  const char* name;     ///< the colour's name, as the docs say it
  const char* meaning;  ///< what it marks
};

/// Every colour above with its meaning (the legend's rows and the palette test).
inline constexpr std::array<Entry, 21> kPalette = {{
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
