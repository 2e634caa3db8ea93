#pragma once
/// @file recording.hpp
/// The recorder: every query and character step a game makes on a World, written to a file
/// that `prism-query recording` summarises and re-runs (docs/recording-format.md).
///
///   collision::Recorder recorder("run.prec");
///   recorder.attach(world);
///   for (int frame = 0; running; ++frame) {
///     recorder.begin_frame(frame * dt);
///     ... the game's calls on `world`, from any thread ...
///     recorder.end_frame();
///   }
///
/// What is recorded: every call of raycast, sweep_sphere, sweep_ellipsoid, sweep_box,
/// sweep_capsule, sweep, overlap_sphere, overlap_aabb, find_contacts, move, step_character,
/// update_character, refresh_contacts and the batches (sweep_batch, sweep_sphere_batch,
/// raycast_batch, step_characters) made on the attached World between begin_frame and
/// end_frame, from any thread, with its inputs and its result. Calls the core makes inside
/// another call (a step's sweeps) are not recorded: re-running the outer call repeats them. The
/// brute-force reference functions and calls that throw are not recorded. Calls outside a frame
/// are not recorded. A call still running on another thread when end_frame is called lands in
/// this frame or the next (the game normally joins its threads first).
///
/// Threads: each thread records into its own buffer (one uncontended lock per call); end_frame
/// merges them by thread number (threads numbered in order of their first recorded call), each
/// thread's calls in call order, and hands the frame to a writer thread, which wakes every
/// 20 ms or when 256 KiB wait (a crash loses at most those frames).
///
/// Cost (docs/benchmarks.md, "Recording"): with no recorder attached, each call reads one
/// atomic pointer more (about 2% of a ray). While recording, a call's thread only copies its
/// values' bytes into its buffer (some 200 instructions a query, 350 a character step: about 5%
/// more instructions a step); the writer thread encodes them, and writes them in chunks. In
/// time, some 20-50 ns a query and 3-25% a character step on a loaded 2-core machine (the writer
/// thread's share of the cache and the cores decides where). Building with PRISM_RECORDING=OFF
/// (CMake option) removes the hooks; attach() and save() then throw std::logic_error.
///
/// Never harms the game: no query or step throws or blocks because of the recorder. Memory is
/// bounded by RecorderOptions::memory_cap: frames that would go past it are dropped and counted.
/// A write error stops the recording; status() reports it. begin_frame, end_frame, save and
/// attach are called from one thread (the game's main loop).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace collision {

class World;

struct RecorderOptions {
  /// The most bytes the recorder holds: the frame being recorded (all threads' buffers) and the
  /// frames waiting for the writer, or the flight recorder's frames. Frames past it are
  /// dropped (and counted in the file and in status()). Default 256 MiB. Besides it, the writer
  /// thread keeps each recorded character's last state (at most 8,192 a game thread), which
  /// later steps refer to (docs/recording-format.md, "References").
  std::size_t memory_cap = std::size_t{256} << 20;
  /// The flight recorder: > 0 keeps only the frames of the last `flight_seconds` of game time
  /// (begin_frame's seconds) in memory, within memory_cap, and writes nothing until save()
  /// (or the destructor, which writes them to the recorder's own file). 0: every frame is
  /// written as it ends.
  double flight_seconds = 0.0;
  /// The flight recorder saves by itself: when a frame holds a character step with an anomaly,
  /// end_frame saves the frames held (the last flight_seconds, that frame included) as save()
  /// would, on its thread, to this path with "-" and the frame's number before its extension
  /// ("stuck.prec": "stuck-1234.prec"); then not again until that frame has left the window.
  /// Empty (the default), or not a flight recorder: never. status() counts the saves and says
  /// what the last one was for; a save that fails is said there, never thrown. The anomalies
  /// are what a recorded step shows by itself (the debugger's rules look at more):
  ///   - deep: the step ends with a contact that overlaps by more than the skin width;
  ///   - stuck: its input asked it to move at least 1% of its smallest radius (the part across
  ///     up, times dt), no contact it ends with faces that way, and its position did not change.
  /// A step that used all its move iterations is not told apart (its result does not say so),
  /// nor is a pass-through (it needs the level's sides, which the debugger's rule looks up).
  std::string save_on_anomaly;
};

struct RecorderStatus {
  bool ok = true;             ///< false once a write error has stopped the recording
  std::string error;          ///< that error, naming the file
  std::uint64_t frames_recorded = 0;  ///< frames ended and handed to the writer
  std::uint64_t frames_dropped = 0;   ///< frames dropped at the memory cap or after an error
  std::uint64_t bytes_written = 0;    ///< bytes in the file so far
  std::uint64_t anomaly_saves = 0;    ///< files saved on an anomaly (save_on_anomaly)
  /// The last such save: its frame, the step and what was wrong with it, and its file (or why
  /// it could not be written).
  std::string last_anomaly;
};

namespace detail {
class RecorderImpl;
}

class Recorder {
 public:
  /// Creates (truncates) the file `path` and writes its header. Throws std::runtime_error naming
  /// the file when it cannot be created.
  explicit Recorder(const std::string& path, const RecorderOptions& options = {});
  /// Ends an open frame (its calls are kept), waits for the writer, writes the frame index and
  /// closes the file; detaches the world.
  ~Recorder();
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

  /// Starts recording `world`'s calls and writes its triangles into the recording (once). One
  /// world per recorder, and one recorder per world: throws std::logic_error otherwise, or when
  /// recording is compiled out. The world must stay alive (and not be assigned to) until the
  /// recorder is destroyed or detach() is called.
  void attach(const World& world);
  /// Stops recording the world (between frames).
  void detach();

  /// Opens frame number N (N = the count of earlier begin_frame calls) at the game's time
  /// `seconds`. An open frame is ended first.
  void begin_frame(double seconds);
  /// Ends the frame: its calls are queued to the writer, and once written the file is a
  /// complete recording up to this frame.
  void end_frame();

  /// The flight recorder (RecorderOptions::flight_seconds > 0): writes the frames it holds (the
  /// last seconds) as a complete recording to `path`, on the calling thread, between frames.
  /// Throws std::runtime_error naming the file when it cannot be written, std::logic_error when
  /// the recorder is not a flight recorder.
  void save(const std::string& path);

  /// Frames recorded (for a flight recorder: held now), dropped, bytes written, and any write
  /// error.
  RecorderStatus status() const;

  /// Names what the calling thread's following calls are for ("player", "npc 12 line of
  /// sight"), for every recorder; an empty label clears it. Labels are kept per thread.
  static void set_thread_label(std::string_view label);
  static std::string thread_label();

 private:
  std::unique_ptr<detail::RecorderImpl> impl_;
};

/// Sets the calling thread's label for a scope, and puts the previous one back at its end.
class RecordingLabel {
 public:
  explicit RecordingLabel(std::string_view label) : previous_(Recorder::thread_label()) {
    Recorder::set_thread_label(label);
  }
  ~RecordingLabel() { Recorder::set_thread_label(previous_); }
  RecordingLabel(const RecordingLabel&) = delete;
  RecordingLabel& operator=(const RecordingLabel&) = delete;

 private:
  std::string previous_;
};

}  // namespace collision
