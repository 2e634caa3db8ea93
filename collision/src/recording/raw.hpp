#pragma once
// What the game's threads write while recording: a call's values as their bytes in memory (a
// trivially copyable value as one memcpy, a list as a u32 count and its items' bytes), not the
// file's encoding. The recorder's writer thread reads them back (RawReader, in the same process
// and build) and encodes them (encoder.hpp): the field by field encoding, the references and
// their comparisons all happen off the game's threads, which only copy a few blocks of bytes a
// call (docs/benchmarks.md, "Recording": a character step's recording went from some 900 added
// instructions to some 250, and its code from several kilobytes to a few hundred bytes).
// Padding bytes are copied as they are and never read back.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "recording/archive.hpp"
#include "recording/calls.hpp"

namespace collision::detail::recording {

template <class T>
concept Raw = std::is_trivially_copyable_v<T>;

/// The bytes RawWriter writes for some values (exact).
class RawSize {
 public:
  template <class... Ts>
  void operator()(const Ts&... values) {
    (add(values), ...);
  }
  std::size_t bytes = 0;

 private:
  template <Raw T>
  void add(const T&) {
    bytes += sizeof(T);
  }
  template <class T>
  void add(std::span<T> v) {
    bytes += 4;
    if constexpr (Raw<T>) bytes += v.size() * sizeof(T);
    else for (const T& item : v) add(item);
  }
  template <class T>
  void add(const std::vector<T>& v) {
    add(std::span<const T>(v));
  }
  void add(const CharacterState& s) {
    bytes += offsetof(CharacterState, contacts);
    add(s.contacts);
  }
  template <class T>
    requires(!Raw<T>)
  void add(const T& v) {
    fields(*this, v);  // a batch's Call, copied: its fields
  }
};

/// Writes values' bytes into room reserved beforehand (RawSize's bytes).
class RawWriter {
 public:
  explicit RawWriter(ReservedWriter& out) : out_(out) {}
  template <class... Ts>
  void operator()(const Ts&... values) {
    (put(values), ...);
  }

 private:
  void bytes(const void* data, std::size_t n) { out_.raw(data, n); }
  template <Raw T>
  void put(const T& v) {
    bytes(&v, sizeof(T));
  }
  // A list, as a vector or as a span (a batch's results): read back as a vector.
  template <class T>
  void put(std::span<T> v) {
    const auto n = static_cast<std::uint32_t>(v.size());
    bytes(&n, sizeof n);
    if constexpr (Raw<T>) bytes(v.data(), v.size() * sizeof(T));
    else for (const T& item : v) put(item);
  }
  template <class T>
  void put(const std::vector<T>& v) {
    put(std::span<const T>(v));
  }
  // Its members before the contact list (contacts_key, after it, is not recorded).
  void put(const CharacterState& s) {
    bytes(&s, offsetof(CharacterState, contacts));
    put(s.contacts);
  }
  template <class T>
    requires(!Raw<T>)
  void put(const T& v) {
    fields(*this, v);
  }

  ReservedWriter& out_;
};

/// Reads RawWriter's bytes back into values (trusted: written by this process).
class RawReader {
 public:
  explicit RawReader(std::span<const std::uint8_t> bytes) : at_(bytes.data()) {}
  template <class... Ts>
  void operator()(Ts&... values) {
    (get(values), ...);
  }

 private:
  void bytes(void* data, std::size_t n) {
    if (n == 0) return;  // an empty list's data() may be null, which memcpy may not take
    std::memcpy(data, at_, n);
    at_ += n;
  }
  template <Raw T>
  void get(T& v) {
    bytes(&v, sizeof(T));
  }
  template <class T>
  void get(std::vector<T>& v) {
    std::uint32_t n = 0;
    bytes(&n, sizeof n);
    v.resize(n);
    if constexpr (Raw<T>) bytes(v.data(), v.size() * sizeof(T));
    else for (T& item : v) get(item);
  }
  // The members before the contact list, each from its offset in the bytes written.
  class Members {
   public:
    Members(CharacterState& s, const std::uint8_t* raw) : base_(reinterpret_cast<const char*>(&s)), raw_(raw) {}
    template <class... Ts>
    void operator()(Ts&... members) {
      (get(members), ...);
    }

   private:
    template <class T>
    void get(T& m) {
      if constexpr (!std::is_same_v<T, std::vector<Contact>>)
        std::memcpy(&m, raw_ + (reinterpret_cast<const char*>(&m) - base_), sizeof(T));
    }
    const char* base_;
    const std::uint8_t* raw_;
  };
  void get(CharacterState& s) {
    Members members(s, at_);
    fields(members, s);
    at_ += offsetof(CharacterState, contacts);
    get(s.contacts);
  }
  template <class T>
    requires(!Raw<T>)
  void get(T& v) {
    fields(*this, v);
  }

  const std::uint8_t* at_;
};

/// Each call of a thread's raw calls (record_call.hpp's layout: u8 kind, u32 label, u32 input
/// and result sizes, the inputs, the result), read back: f(kind, label, call, result) with the
/// Call struct of its kind (calls.hpp) and its result. The two are kept per thread and kind, so
/// that their lists' memory is reused (a step's two contact lists); every field is overwritten.
template <class F>
void for_each_raw_call(std::span<const std::uint8_t> raw, std::uint32_t calls, F&& f) {
  constexpr std::size_t kHeaderBytes = 13;
  std::size_t at = 0;
  for (std::uint32_t c = 0; c < calls; ++c) {
    CallKind kind{};
    std::uint32_t label = 0, input_size = 0, result_size = 0;
    RawReader(raw.subspan(at, kHeaderBytes))(kind, label, input_size, result_size);
    const auto raw_inputs = raw.subspan(at + kHeaderBytes, input_size);
    const auto raw_result = raw.subspan(at + kHeaderBytes + input_size, result_size);
    at += kHeaderBytes + input_size + result_size;
    visit_kind(kind, [&]<class Call>() {
      static thread_local Call call{};
      static thread_local typename Call::Result outcome{};
      RawReader inputs(raw_inputs);
      fields(inputs, call);
      RawReader result(raw_result);
      result(outcome);
      f(kind, label, std::as_const(call), std::as_const(outcome));
    });
  }
}

}  // namespace collision::detail::recording
