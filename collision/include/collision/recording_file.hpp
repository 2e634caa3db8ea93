#pragma once
/// @file recording_file.hpp
/// Reading a recording (collision/recording.hpp writes them; docs/recording-format.md is the
/// format) and re-running its calls with this build's core.
///
/// Errors: a file that cannot be read, is not a recording, is of a newer format version than
/// this build reads, or is truncated or corrupt (a chunk's checksum, size or content) throws
/// RecordingError naming the file and the byte offset where the fault was found. Reading never
/// crashes on any input (tests/fuzz/fuzz_recording.cpp).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "collision/body.hpp"
#include "collision/character.hpp"
#include "collision/mesh.hpp"
#include "collision/queries.hpp"

namespace collision {

class World;

/// The format version this build writes and the newest it reads. It reads every older one too
/// (1: every call's inputs in full; 2: a thread's repeated body, parameters and character
/// states written as references, docs/recording-format.md).
inline constexpr std::uint32_t kRecordingFormatVersion = 2;

/// The kinds of recorded calls (their numbers are part of the file format).
enum class CallKind : std::uint8_t {
  kRaycast,
  kSweepSphere,
  kSweepEllipsoid,
  kSweepBox,
  kSweepCapsule,
  kSweep,            ///< sweep(world, body, ...)
  kOverlapSphere,
  kOverlapAabb,
  kFindContacts,
  kMove,
  kStepCharacter,    ///< step_character and update_character
  kRefreshContacts,
  kSweepBatch,
  kSweepSphereBatch,
  kRaycastBatch,
  kStepCharacters,   ///< the batch
};
/// The call's function name ("raycast", "step_character", ...).
const char* to_string(CallKind kind);

struct RecordingError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// One recorded call: which, from which thread, under which label, and its encoded inputs and
/// result (kept by the RecordingFile). The inputs are always in full, as format 1 writes them:
/// where the file refers back to an earlier value (format 2), the reader has put it in.
struct RecordedCall {
  CallKind kind = CallKind::kRaycast;
  std::uint32_t thread = 0;  ///< the recording's thread number, in order of first call
  std::uint32_t label = 0;   ///< index into RecordingFile::labels() (0: the empty label)
  std::size_t offset = 0;    ///< of the call's inputs in the file
  std::span<const std::uint8_t> inputs;
  std::span<const std::uint8_t> result;
};

struct RecordedFrame {
  std::uint64_t number = 0;  ///< 0-based count of begin_frame calls
  double seconds = 0.0;      ///< the game's time given to begin_frame
  std::size_t offset = 0;    ///< of the frame's chunk in the file
  std::vector<RecordedCall> calls;  ///< by thread (in thread number order), then call order
};

/// A character step's outcome, for scripts (prism-query recording --characters).
struct CharacterStepRecord {
  std::uint64_t frame = 0;
  std::uint32_t character = 0;  ///< numbered in order of first appearance (by state object)
  float x = 0, y = 0, z = 0;    ///< the body centre after the step
};

/// A recorded character call, decoded: step_character or update_character, one item of a
/// step_characters batch, or refresh_contacts (which places a character rather than steps it).
/// What the debugger draws and re-runs for a game's characters.
struct RecordedStep {
  std::uint32_t character = 0;  ///< numbered as character_steps() numbers them
  CallKind kind = CallKind::kStepCharacter;
  std::size_t item = 0;         ///< the item of a step_characters batch (0 otherwise)
  Body body = Body::sphere(0.0f);
  CharacterState before;        ///< the state the call was given (contacts_key left out)
  CharacterInput input;         ///< refresh_contacts: none
  float dt = 0.0f;              ///< seconds; refresh_contacts: 0
  CharacterParams params;
  CharacterState after;         ///< the recorded result
  bool placed() const { return kind == CallKind::kRefreshContacts; }
};

/// A whole recording, read and checked (every chunk's checksum, every call decoded) by the
/// constructor.
class RecordingFile {
 public:
  /// Reads `path`. Throws RecordingError (see the file comment).
  explicit RecordingFile(const std::string& path);
  /// Reads a recording held in memory; `name` is what errors call it.
  RecordingFile(std::vector<std::uint8_t> bytes, const std::string& name);
  /// Movable, not copyable: the calls' spans point into the bytes it holds.
  RecordingFile(RecordingFile&&) noexcept = default;
  RecordingFile& operator=(RecordingFile&&) noexcept = default;
  RecordingFile(const RecordingFile&) = delete;
  RecordingFile& operator=(const RecordingFile&) = delete;

  const std::string& name() const { return name_; }
  std::uint32_t format_version() const { return version_; }
  const std::string& build_version() const { return build_; }  ///< the writing build's version
  std::uint64_t level_hash() const { return level_hash_; }
  const TriangleMesh& level() const { return level_; }
  const std::vector<std::string>& labels() const { return labels_; }
  const std::vector<RecordedFrame>& frames() const { return frames_; }
  std::uint64_t dropped_frames() const { return dropped_; }
  std::size_t bytes() const { return bytes_.size(); }
  /// Whether the recorder closed the file (its frame index and tail are present); a file cut
  /// after a complete frame (a crash) reads without them.
  bool closed() const { return closed_; }
  /// Every character step (step_character, update_character, each item of step_characters),
  /// in file order.
  std::vector<CharacterStepRecord> character_steps() const;
  std::size_t character_count() const { return characters_; }
  /// The characters `call` steps or places (one per item of a batch), decoded; empty for the
  /// other kinds. Throws RecordingError when its bytes do not decode (the constructor has
  /// decoded every call once, so only a call not from this file can).
  std::vector<RecordedStep> steps(const RecordedCall& call) const;

 private:
  void parse();
  std::string name_;
  std::vector<std::uint8_t> bytes_;
  std::vector<std::uint8_t> expanded_;  // inputs that held references, in full
  std::uint32_t version_ = 0;
  std::string build_;
  std::uint64_t level_hash_ = 0;
  TriangleMesh level_;
  std::vector<std::string> labels_;
  std::vector<RecordedFrame> frames_;
  std::uint64_t dropped_ = 0;
  bool closed_ = false;
  std::size_t characters_ = 0;
  std::unordered_map<std::uint64_t, std::uint32_t> character_numbers_;  // by state address
};

/// The difference between a call's recorded result and its re-run's, in words (empty when
/// they are bit for bit the same). `world` is built from the recording's level.
std::string replay_difference(const World& world, const RecordedCall& call);

/// A call's recorded result in a few words, as --check describes one ("hit at toi 0.25,
/// triangle 12", "no hit", "3 triangles", "ends at (x, y, z), on_ground, 2 contacts"; a batch:
/// "N results"). Throws RecordingError when its bytes do not decode.
std::string recorded_result_text(const RecordedCall& call);

/// A recorded ray or sweep, decoded: what a query browser lists and an exported test calls.
struct RecordedQuery {
  CallKind kind = CallKind::kRaycast;  ///< raycast, sweep_sphere, _ellipsoid, _box, _capsule or sweep
  /// The body swept (sweep_sphere: a sphere; sweep_box: a box of the half extents; sweep_capsule:
  /// a capsule of the radius, half height and axis; a ray: a zero sphere).
  Body body = Body::sphere(0.0f);
  glm::vec3 start{0.0f};  ///< the ray's origin or the body's centre
  glm::vec3 delta{0.0f};  ///< the motion (the ray's end is start + delta)
  SweepOptions options;
  RayHit ray;      ///< the recorded result of a raycast
  SweepHit sweep;  ///< the recorded result of a sweep
};
/// The call as a RecordedQuery, or nothing for the other kinds (moves, steps, overlaps,
/// contacts, batches). Throws RecordingError when its bytes do not decode.
std::optional<RecordedQuery> recorded_query(const RecordedCall& call);

/// The FNV-1a 64-bit hash of a mesh's content (positions, indices, normals, flags), as the
/// recording identifies its level by.
std::uint64_t mesh_content_hash(const TriangleMesh& mesh);

}  // namespace collision
