#pragma once
/// @file session_file.hpp
/// Session files: a recording that replays bit-identically. Text, one record a line, every
/// float written as a C hex float (%a) so it reads back to the same bits:
///
///   prism-session 5                 (versions 1 to 4 still load: see below; version 6 adds a
///                                   line `kind 3d` or `kind 2d` after this one. 3D sessions are
///                                   written as version 5; a 2D session, version 6 `kind 2d`, is
///                                   recording2d.hpp's: load_session refuses it, saying so)
///   scene SPEC                      (default, oa_dm1, zoo:NAME, a path)
///   method robust|offset-prism|sphere-classify
///   body SHAPE X Y Z [HALF AX AY AZ]  (ellipsoid: radii; box: half extents; capsule: the radius
///                                   three times, then half height and axis. Versions 1-3:
///                                   `body RX RY RZ`, an ellipsoid)
///   up X Y Z
///   character MAX_SLOPE GRAVITY JUMP WALK STEP MIN_STEP_FORWARD STEP_FORWARD_TEST SNAP
///             RECOVERY MAX_RECOVERY_PUSH CONTACT_TOLERANCE   ("-" for a derived value;
///                                   versions 1-2: MAX_SLOPE WALK GRAVITY JUMP STEP PROBE)
///   move ITERATIONS SKIN ONE_SIDED EDGE_MARGIN SEED_EPSILON   ("-" for derived)
///   dt DT
///   start X Y Z YAW
///   state VX VY VZ IX IY IZ GROUND NX NY NZ TRIANGLE   (the rest of the start state: velocity;
///                                   input velocity (versions 3+); in-air, on-ground or
///                                   on-steep-ground; ground normal; triangle or -1)
///   forks K                         (version 5: a forked recording's later segments, K x:)
///     fork FRAME                    (from this frame on, strictly increasing, 1..N)
///     method, body, character, move (the segment's own, as above; up is the session's)
///   frames N
///   WX WY WZ JUMP SPEED YAW PITCH   (N lines: wish, jump 0/1, speed scale, look angles)
///   end N
///
/// A missing or extra line, a bad number or a count that does not match gives SessionError
/// with the file name and line number; so does a value the collision core would refuse later
/// (collision/domain.hpp): a body outside collision::body_domain_error's domain (radii outside
/// [2^-40, 2^40], an ellipsoid aspect above 2^16, a capsule's axis not unit), an up vector or
/// character value beyond +-2^40, a skin not below the smallest radius, dt outside (0, 1] s, a
/// start outside +-2^40, a start velocity or a frame's walk move longer than 2^40 in one frame.
/// Writing is atomic (file_output::AtomicFile): the file is whole or left as it was.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "debugger/session.hpp"

namespace debugger {

class SessionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct SessionRecording {
  std::string scene;
  SessionConfig config;  ///< the start, and the body and parameters of frame 0's segment
  /// The segments a fork started (another method or body from a frame on), in frame order:
  /// replaying forks the session at each (Session::fork), so every frame runs as recorded.
  std::vector<SessionSegment> forks;
  std::vector<FrameInput> inputs;
};

/// @throws SessionError when the file cannot be written whole (nothing is left behind then).
void save_session(const std::string& path, const std::string& scene, const Session& session);
/// @throws SessionError on a missing, corrupt or truncated file.
SessionRecording load_session(const std::string& path);
/// Where a replay is in a recording's forks: the next one due. Replaying N frames with K forks
/// looks at K + N fork records at most (examined counts them), not K x N.
struct ForkCursor {
  std::size_t next = 0;          ///< index of the next fork in SessionRecording::forks
  std::size_t examined = 0;      ///< fork records looked at so far
};
/// Forks `session` when `recording` forks at its next frame (session.frame_count()); call it
/// before pushing each frame and once after the last, with one cursor for the whole replay.
void fork_if_due(Session& session, const SessionRecording& recording, ForkCursor& cursor);
/// Replays a recording into a new Session over `world` (forks included); `cursor`, when given,
/// is the one used (its count of records examined).
Session replay(const collision::World& world, const SessionRecording& recording, ForkCursor* cursor = nullptr,
               std::shared_ptr<const SessionMovers> movers = nullptr);

}  // namespace debugger
