// The Recorder (collision/recording.hpp): frames merged from the threads' buffers, chunks
// written by a thread of its own (docs/recording-format.md).
#include "collision/recording.hpp"

#include <chrono>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "collision/world.hpp"
#include "recording/anomaly.hpp"
#include "recording/archive.hpp"
#include "recording/format.hpp"
#include "recording/recorder_impl.hpp"

namespace collision {

namespace detail {
constinit thread_local std::uint64_t t_label_generation = 0;
}  // namespace detail

namespace {
// The thread's label (Recorder::set_thread_label); detail::t_label_generation changes with it,
// so that a thread buffer knows when to look its label's id up again.
thread_local std::string t_label;
std::atomic<std::uint64_t> g_label_generation{0};
}  // namespace

void Recorder::set_thread_label(std::string_view label) {
  t_label.assign(label);
  detail::t_label_generation = g_label_generation.fetch_add(1, std::memory_order_relaxed) + 1;
}

std::string Recorder::thread_label() { return t_label; }

#if PRISM_RECORDING

namespace detail {

constinit thread_local int t_recording_depth = 0;
constinit thread_local ThreadCache t_cache;

namespace {
std::atomic<std::uint64_t> g_recorder_serial{0};
// How often the writer thread looks for frames to write when nobody wakes it: the most game time
// a crash can lose beyond the frames the memory cap holds.
constexpr std::chrono::milliseconds kWriterPeriod{20};
}  // namespace

RecorderImpl::RecorderImpl(const std::string& path, const RecorderOptions& options)
    : path_(path),
      options_(options),
      serial_(g_recorder_serial.fetch_add(1) + 1),
      wake_bytes_(std::min<std::size_t>(std::size_t{256} << 10, options.memory_cap / 4)),
      file_(path, options.memory_cap) {
  bytes_written_.store(file_.bytes());
  writer_ = std::thread([this] { writer_loop(); });
}

RecorderImpl::~RecorderImpl() { close(); }

void RecorderImpl::attach(const World& world) {
  if (world_ != nullptr) throw std::logic_error("Recorder::attach: recording '" + path_ + "' already has a world");
  RecorderHook* expected = nullptr;
  if (!world.recorder_slot().hook.compare_exchange_strong(expected, this, std::memory_order_acq_rel))
    throw std::logic_error("Recorder::attach: the world is already attached to another recorder");
  world_ = &world;
  PendingChunk level{recording::kLevel, {}, 0, {}, 0.0, {}, 0};
  const TriangleMesh& mesh = world.mesh();
  recording::ByteWriter{level.payload}(mesh_content_hash(mesh), mesh.positions, mesh.indices, mesh.normals, mesh.flags);
  if (options_.flight_seconds > 0.0) flight_level_ = std::move(level);  // written by save()
  else enqueue(std::move(level));
}

void RecorderImpl::detach() {
  if (world_ == nullptr) return;
  RecorderHook* expected = this;
  world_->recorder_slot().hook.compare_exchange_strong(expected, nullptr, std::memory_order_acq_rel);
  world_ = nullptr;
}

void RecorderImpl::begin_frame(double seconds) {
  if (frame_open()) end_frame();
  frame_seconds_ = seconds;
  frame_bytes_.store(0, std::memory_order_relaxed);
  overflow_.store(false, std::memory_order_relaxed);
  frame_open_.store(true, std::memory_order_release);
}

void RecorderImpl::end_frame() {
  if (!frame_open()) return;
  frame_open_.store(false, std::memory_order_release);
  const std::uint64_t number = frame_number_++;
  std::vector<ThreadBuffer*> threads;
  {
    const std::lock_guard<std::mutex> lock(registry_mutex_);
    for (const auto& t : threads_) threads.push_back(t.get());
  }
  bool drop = overflowed() || failed_.load();
  PendingChunk frame{recording::kFrame, {}, number, {}, frame_seconds_, {}, 0};
  try {
    recording::ByteWriter w(frame.payload);
    w(number, frame_seconds_, frames_dropped_.load(), std::uint32_t{0});
    std::uint32_t blocks = 0;
    for (ThreadBuffer* t : threads) {
      const std::lock_guard<BufferLock> lock(t->mutex);
      if (t->calls > 0 && !drop) {
        frame.blocks.push_back({t->number, t->calls, std::exchange(t->bytes, take_spare(t->bytes.size()))});
        ++blocks;
      }
      t->bytes.clear();
      t->calls = 0;
    }
    std::memcpy(frame.payload.data() + 24, &blocks, sizeof blocks);
  } catch (const std::bad_alloc&) {
    drop = true;
  }
  if (options_.flight_seconds > 0.0) {  // kept, with every label, for save()
    if (drop) {
      frames_dropped_.fetch_add(1);
      return;
    }
    const bool look = !options_.save_on_anomaly.empty() && frame_seconds_ >= next_anomaly_seconds_;
    const std::string anomaly = look ? find_anomaly(frame) : std::string();
    keep_in_flight(std::move(frame));
    if (!anomaly.empty()) save_on_anomaly(number, anomaly);
    return;
  }
  // The labels interned up to now: every call collected above had its label interned first.
  PendingChunk labels{recording::kLabels, {}, 0, {}, 0.0, {}, 0};
  {
    const std::lock_guard<std::mutex> lock(registry_mutex_);
    if (labels_sent_ < labels_.size()) {
      const std::vector<std::string> fresh(labels_.begin() + static_cast<std::ptrdiff_t>(labels_sent_), labels_.end());
      recording::ByteWriter{labels.payload}(static_cast<std::uint32_t>(labels_sent_), fresh);
      labels_sent_ = labels_.size();
    }
  }
  if (!labels.payload.empty()) enqueue(std::move(labels));  // kept even when the frame is dropped
  if (!drop && queued_bytes_.load() + frame.size() > options_.memory_cap) drop = true;
  if (drop) {
    frames_dropped_.fetch_add(1);
    return;
  }
  frames_recorded_.fetch_add(1);
  enqueue(std::move(frame));
}

RecorderStatus RecorderImpl::status() const {
  RecorderStatus s;
  {
    const std::lock_guard<std::mutex> lock(status_mutex_);
    s.error = error_;
    s.last_anomaly = last_anomaly_;
  }
  s.anomaly_saves = anomaly_saves_.load();
  s.ok = s.error.empty();
  s.frames_recorded = frames_recorded_.load();
  s.frames_dropped = frames_dropped_.load();
  s.bytes_written = bytes_written_.load();
  return s;
}

ThreadBuffer& RecorderImpl::new_thread() {
  const std::lock_guard<std::mutex> lock(registry_mutex_);
  auto [it, inserted] = by_thread_.try_emplace(std::this_thread::get_id(), nullptr);
  if (inserted) {
    threads_.push_back(std::make_unique<ThreadBuffer>());
    threads_.back()->number = static_cast<std::uint32_t>(threads_.size() - 1);
    it->second = threads_.back().get();
  }
  t_cache = {serial_, it->second};
  return *it->second;
}

std::uint32_t RecorderImpl::new_label(ThreadBuffer& buffer) {
  const std::lock_guard<std::mutex> lock(registry_mutex_);
  auto [it, inserted] = label_ids_.try_emplace(t_label, static_cast<std::uint32_t>(labels_.size()));
  if (inserted) labels_.push_back(t_label);
  buffer.label_generation = t_label_generation;
  buffer.label_id = it->second;
  return it->second;
}

void RecorderImpl::account(ThreadBuffer& buffer, std::size_t bytes) {
  // Each thread adds its bytes to the shared count in steps (no contended atomic per call):
  // the frame's memory stays within the cap plus one step per thread.
  buffer.unreported += bytes;
  const std::size_t step = std::min<std::size_t>(std::size_t{64} << 10, options_.memory_cap / 16 + 1);
  if (buffer.unreported < step) return;
  const std::size_t total = frame_bytes_.fetch_add(buffer.unreported, std::memory_order_relaxed) + buffer.unreported;
  buffer.unreported = 0;
  if (total + queued_bytes_.load(std::memory_order_relaxed) > options_.memory_cap) overflow();
}

void RecorderImpl::enqueue(PendingChunk chunk) {
  chunk.held = chunk.size();
  const std::size_t queued = queued_bytes_.fetch_add(chunk.held) + chunk.held;
  {
    const std::lock_guard<std::mutex> lock(queue_mutex_);
    queue_.push_back(std::move(chunk));
  }
  // Waking the writer is a system call (some microseconds, on the game's thread): it is woken
  // when a good part of the memory cap waits, and otherwise wakes by itself (kWriterPeriod).
  if (queued >= wake_bytes_) queue_ready_.notify_one();
}

void RecorderImpl::writer_loop() {
  std::unique_lock<std::mutex> lock(queue_mutex_);
  for (;;) {
    queue_ready_.wait_for(lock, kWriterPeriod, [&] {
      return stopping_ || queued_bytes_.load(std::memory_order_relaxed) >= wake_bytes_;
    });
    if (queue_.empty()) {
      if (stopping_) return;  // everything written
      continue;  // woken by its period, nothing to write
    }
    std::deque<PendingChunk> batch;
    batch.swap(queue_);
    lock.unlock();
    for (PendingChunk& chunk : batch) {
      try {
        encoder_.encode_frame(chunk);
        file_.write(chunk);
      } catch (const std::bad_alloc&) {
        file_.fail("out of memory encoding a frame");
      }
      encoder_.recycle(chunk);
      queued_bytes_.fetch_sub(chunk.held);
      give_spares(chunk);
    }
    // After each chunk the file holds whole frames: a crash loses at most the frames queued.
    bytes_written_.store(file_.bytes());
    if (file_.failed() && !failed_) {
      const std::lock_guard<std::mutex> status_lock(status_mutex_);
      error_ = file_.error();
      failed_.store(true);
    }
    lock.lock();
  }
}

recording::ByteBuffer RecorderImpl::take_spare(std::size_t size) {
  {
    const std::lock_guard<std::mutex> lock(spare_mutex_);
    if (!spare_.empty()) {
      recording::ByteBuffer b = std::move(spare_.back());
      spare_.pop_back();
      return b;
    }
  }
  // None written back yet: one of the size the last frame took, so that the game's thread does
  // not grow it (a copy of everything at each doubling) while recording the next.
  recording::ByteBuffer b;
  b.reserve(size);
  return b;
}

void RecorderImpl::give_spares(PendingChunk& chunk) {
  const std::lock_guard<std::mutex> lock(spare_mutex_);
  for (RawBlock& block : chunk.blocks) {
    if (spare_.size() >= 64) break;
    block.bytes.clear();
    spare_.push_back(std::move(block.bytes));
  }
  chunk.blocks.clear();
}

PendingChunk RecorderImpl::all_labels() {
  PendingChunk labels{recording::kLabels, {}, 0, {}, 0.0, {}, 0};
  const std::lock_guard<std::mutex> lock(registry_mutex_);
  const std::vector<std::string> all(labels_.begin() + 1, labels_.end());
  recording::ByteWriter{labels.payload}(std::uint32_t{1}, all);
  return labels;
}

// The flight recorder keeps the frames of the last flight_seconds of game time, within the
// memory cap (past it the oldest go, counted as dropped).
void RecorderImpl::keep_in_flight(PendingChunk frame) {
  flight_bytes_ += frame.size();
  const double oldest = frame.seconds - options_.flight_seconds;
  flight_.push_back(std::move(frame));
  while (flight_.size() > 1 && (flight_.front().seconds < oldest || flight_bytes_ > options_.memory_cap)) {
    if (flight_.front().seconds >= oldest) frames_dropped_.fetch_add(1);
    flight_bytes_ -= flight_.front().size();
    give_spares(flight_.front());
    flight_.pop_front();
  }
  frames_recorded_.store(flight_.size());
}

void RecorderImpl::save(const std::string& path) {
  if (options_.flight_seconds <= 0.0)
    throw std::logic_error("Recorder::save: recording '" + path_ + "' is not a flight recorder (flight_seconds is 0)");
  ChunkFile copy(path, options_.memory_cap);  // throws, naming the file
  if (!flight_level_.payload.empty()) copy.write(flight_level_);
  copy.write(all_labels());
  Encoder encoder;  // the copy's own references: its first frame stands alone
  for (PendingChunk& frame : flight_) {
    encoder.encode_frame(frame);
    copy.write(frame);
    encoder.recycle(frame);
  }
  copy.finish(frames_dropped_.load());
  if (copy.failed()) throw std::runtime_error(copy.error());
}

// The frames held, saved on the game's main thread as save() would; an error is reported by
// status(), never thrown (end_frame does not throw because of a file).
void RecorderImpl::save_on_anomaly(std::uint64_t frame, const std::string& what) {
  const std::string& pattern = options_.save_on_anomaly;
  const std::size_t slash = pattern.find_last_of('/'), dot = pattern.find_last_of('.');
  const bool extension = dot != std::string::npos && (slash == std::string::npos || dot > slash);
  const std::size_t cut = extension ? dot : pattern.size();
  const std::string path = pattern.substr(0, cut) + "-" + std::to_string(frame) + pattern.substr(cut);
  next_anomaly_seconds_ = frame_seconds_ + options_.flight_seconds;
  std::string outcome = "frame " + std::to_string(frame) + ", " + what + ": saved to '" + path + "'";
  try {
    save(path);
    anomaly_saves_.fetch_add(1);
  } catch (const std::exception& e) {
    outcome += std::string(", which failed: ") + e.what();
  }
  const std::lock_guard<std::mutex> lock(status_mutex_);
  last_anomaly_ = outcome;
}

void RecorderImpl::close() {
  if (frame_open()) end_frame();
  detach();
  if (options_.flight_seconds > 0.0) {  // the recorder's own file gets the last seconds
    if (!flight_level_.payload.empty()) enqueue(std::move(flight_level_));
    enqueue(all_labels());
    while (!flight_.empty()) {
      enqueue(std::move(flight_.front()));
      flight_.pop_front();
    }
  }
  {
    const std::lock_guard<std::mutex> lock(queue_mutex_);
    stopping_ = true;
  }
  queue_ready_.notify_one();
  writer_.join();
  file_.finish(frames_dropped_.load());
}

}  // namespace detail

Recorder::Recorder(const std::string& path, const RecorderOptions& options)
    : impl_(std::make_unique<detail::RecorderImpl>(path, options)) {}
Recorder::~Recorder() = default;
void Recorder::attach(const World& world) { impl_->attach(world); }
void Recorder::detach() { impl_->detach(); }
void Recorder::begin_frame(double seconds) { impl_->begin_frame(seconds); }
void Recorder::end_frame() { impl_->end_frame(); }
void Recorder::save(const std::string& path) { impl_->save(path); }
RecorderStatus Recorder::status() const { return impl_->status(); }

#else  // PRISM_RECORDING off: the interface stays, and attaching says why nothing records.

namespace detail {
class RecorderImpl {};
}  // namespace detail

Recorder::Recorder(const std::string&, const RecorderOptions&) {}
Recorder::~Recorder() = default;
void Recorder::attach(const World&) {
  throw std::logic_error("Recorder::attach: this build of Prism has recording compiled out (PRISM_RECORDING=OFF)");
}
void Recorder::detach() {}
void Recorder::begin_frame(double) {}
void Recorder::end_frame() {}
void Recorder::save(const std::string&) {
  throw std::logic_error("Recorder::save: this build of Prism has recording compiled out (PRISM_RECORDING=OFF)");
}
RecorderStatus Recorder::status() const { return {}; }

#endif

}  // namespace collision
