#pragma once
// The Recorder's state (collision/recording.hpp): per-thread buffers the game's threads append
// to, the frame they are merged into at end_frame, and the writer thread that writes chunks.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "collision/recording.hpp"
#include "recording/archive.hpp"
#include "recording/chunk_file.hpp"
#include "recording/encoder.hpp"
#include "recording/record_call.hpp"

#if PRISM_RECORDING

namespace collision::detail {

/// A lock for a thread's buffer: its own thread takes it for each call, end_frame once a frame,
/// so it is all but never contended; an atomic exchange to take it and a store to give it back
/// (a std::mutex costs some 55 instructions a call more). Waits by yielding.
class BufferLock {
 public:
  void lock() {
    while (locked_.exchange(true, std::memory_order_acquire))
      while (locked_.load(std::memory_order_relaxed)) std::this_thread::yield();
  }
  void unlock() { locked_.store(false, std::memory_order_release); }

 private:
  std::atomic<bool> locked_{false};
};

/// One thread's calls of the open frame. Its own thread appends (under `mutex`, uncontended but
/// for end_frame); `number` orders the threads in the frame.
struct ThreadBuffer {
  BufferLock mutex;
  recording::ByteBuffer bytes;
  std::uint32_t calls = 0;
  std::uint32_t number = 0;
  // Owner thread only:
  std::uint64_t label_generation = ~std::uint64_t{0};  // of the thread label label_id is for
  std::uint32_t label_id = 0;
  std::size_t unreported = 0;  // bytes not yet added to RecorderImpl::frame_bytes_
};

/// The calling thread's buffer of the recorder it last recorded for (`serial`), and the number
/// of its label (recorder.cpp): read on every recorded call.
struct ThreadCache {
  std::uint64_t serial = 0;
  ThreadBuffer* buffer = nullptr;
};
extern constinit thread_local ThreadCache t_cache;
extern constinit thread_local std::uint64_t t_label_generation;

class RecorderImpl final : public RecorderHook {
 public:
  RecorderImpl(const std::string& path, const RecorderOptions& options);
  ~RecorderImpl();
  RecorderImpl(const RecorderImpl&) = delete;
  RecorderImpl& operator=(const RecorderImpl&) = delete;

  void attach(const World& world);
  void detach();
  void begin_frame(double seconds);
  void end_frame();
  void save(const std::string& path);
  RecorderStatus status() const;

  /// The hot path (record_call.cpp): the calling thread's buffer and label, and the memory cap.
  ThreadBuffer& buffer() {
    if (t_cache.serial == serial_) [[likely]] return *t_cache.buffer;
    return new_thread();
  }
  std::uint32_t label_for(ThreadBuffer& buffer) {
    if (buffer.label_generation == t_label_generation) [[likely]] return buffer.label_id;
    return new_label(buffer);
  }
  void account(ThreadBuffer& buffer, std::size_t bytes);
  bool overflowed() const { return overflow_.load(std::memory_order_relaxed); }
  void overflow() { overflow_.store(true, std::memory_order_relaxed); }

 private:
  ThreadBuffer& new_thread();  // a thread's first call: its buffer, numbered
  std::uint32_t new_label(ThreadBuffer& buffer);  // its label changed: its number
  void enqueue(PendingChunk chunk);
  recording::ByteBuffer take_spare(std::size_t size);  // a written thread buffer to reuse, or a new one of `size`
  void give_spares(PendingChunk& chunk);  // its thread buffers, for take_spare
  PendingChunk all_labels();
  void keep_in_flight(PendingChunk frame);
  void save_on_anomaly(std::uint64_t frame, const std::string& what);
  void writer_loop();
  void close();

  const std::string path_;
  const RecorderOptions options_;
  const std::uint64_t serial_;  // tells this recorder's thread buffers from another's
  const std::size_t wake_bytes_;  // queued bytes that wake the writer (enqueue)
  ChunkFile file_;  // written by the writer thread (and close(), after joining it)
  const World* world_ = nullptr;

  // Threads and labels, under registry_mutex_.
  std::mutex registry_mutex_;
  std::vector<std::unique_ptr<ThreadBuffer>> threads_;
  std::unordered_map<std::thread::id, ThreadBuffer*> by_thread_;
  std::vector<std::string> labels_{std::string()};
  std::unordered_map<std::string, std::uint32_t> label_ids_{{std::string(), 0u}};
  std::size_t labels_sent_ = 1;  // label 0, "", is implicit

  // The frame (the thread calling begin_frame/end_frame).
  std::uint64_t frame_number_ = 0;
  double frame_seconds_ = 0.0;
  std::atomic<std::size_t> frame_bytes_{0};
  std::atomic<bool> overflow_{false};
  std::atomic<std::uint64_t> frames_recorded_{0};
  std::atomic<std::uint64_t> frames_dropped_{0};

  // The writer thread and its queue, under queue_mutex_.
  std::mutex queue_mutex_;
  std::condition_variable queue_ready_;
  std::deque<PendingChunk> queue_;
  bool stopping_ = false;
  std::atomic<std::size_t> queued_bytes_{0};
  // Thread buffers the writer has written, kept (their memory warm) for the next frames.
  std::mutex spare_mutex_;
  std::vector<recording::ByteBuffer> spare_;
  Encoder encoder_;  // the writer thread's (and close()'s, after joining it)
  std::thread writer_;

  // The flight recorder (options_.flight_seconds > 0): the level and the last frames, in memory.
  PendingChunk flight_level_;
  std::deque<PendingChunk> flight_;
  std::size_t flight_bytes_ = 0;
  double next_anomaly_seconds_ = -1e300;  // no save on an anomaly before this game time
  std::atomic<std::uint64_t> anomaly_saves_{0};
  std::string last_anomaly_;  // under status_mutex_

  // The writer's error, for status().
  mutable std::mutex status_mutex_;
  std::string error_;
  std::atomic<bool> failed_{false};
  std::atomic<std::uint64_t> bytes_written_{0};
};

}  // namespace collision::detail

#endif
