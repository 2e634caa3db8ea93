#pragma once
// A call's inputs as format 2 writes them (docs/recording-format.md, "References"): a Body, a
// MoveParams or a CharacterParams whose encoding equals the one the same thread's last call in
// the frame wrote is a flag byte 0 instead of its fields; a character's state before its
// step whose encoding equals that character's last result recorded on the same thread is a
// flag byte 0 too (in a game loop it always does). A flag byte 1 is followed by the value.
// So a character step writes its body, parameters and state once a frame per thread rather
// than every call, some 300 of its 450 bytes (docs/benchmarks.md, "Recording").
//
// The writer (InputWriter, on the recorder's writer thread) and the reader (InputReader) walk a
// call's fields with the same `fields` lists (calls.hpp), and give the same types the same
// treatment, so they cannot disagree on which value is a reference.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "recording/archive.hpp"
#include "recording/calls.hpp"

namespace collision::detail::recording {

/// A value as the file encodes it: the test of "the same value, bit for bit" (floats bit for bit:
/// -0 is not 0) that a reference needs, blind to padding and to what an empty optional holds.
using Encoded = std::vector<std::uint8_t>;

/// The writer's side: what one thread's calls may refer back to, in the file being written
/// (encoder.hpp), each kept encoded. The values are forgotten at each frame's block (a frame's
/// block stands alone); the states are kept from frame to frame.
struct WriterRefs {
  Encoded body, move, character;  // empty: none yet in this block
  /// Each character's last result written for this thread, by CharacterId.
  std::unordered_map<std::uint64_t, Encoded> states;
  std::vector<std::uint64_t> stepped;  // the characters of the call being written
  Encoded* slot = nullptr;             // a single step's character's entry in `states`, if any
  ByteBuffer scratch;                  // a value being encoded

  /// A new frame's block: its first call writes them again.
  void forget_values() {
    body.clear();
    move.clear();
    character.clear();
  }
  /// After the call's result was written (`encoded`: its bytes in the file): the characters'
  /// new states.
  void remember(const CharacterState&, std::span<const std::uint8_t> encoded) {
    if (stepped.size() != 1) return;
    Encoded& last = slot != nullptr ? *slot : states[stepped[0]];  // slot: no second look-up
    last.assign(encoded.begin(), encoded.end());
  }
  void remember(const std::vector<CharacterState>& results, std::span<const std::uint8_t>) {
    for (std::size_t i = 0; i < results.size() && i < stepped.size(); ++i) {
      scratch.clear();
      ByteWriter{scratch}(results[i]);
      states[stepped[i]].assign(scratch.data(), scratch.data() + scratch.size());
    }
  }
  template <class Result>
  void remember(const Result&, std::span<const std::uint8_t>) {}
};

/// Writes a call's inputs (`fields(writer, call)`) through `out`, a ByteWriter.
template <class Out>
class InputWriter {
 public:
  InputWriter(Out& out, WriterRefs& refs) : out_(out), refs_(refs) {
    refs_.stepped.clear();
    refs_.slot = nullptr;
  }
  template <class... Ts>
  void operator()(const Ts&... values) {
    (put(values), ...);
  }

 private:
  // The value encoded into the scratch buffer: whether it equals `last`.
  template <class T>
  bool same_as(const Encoded* last, const T& v) {
    refs_.scratch.clear();
    ByteWriter{refs_.scratch}(v);
    const auto now = refs_.scratch.bytes();
    return last != nullptr && last->size() == now.size() && std::equal(now.begin(), now.end(), last->begin());
  }
  // Flag 0, or flag 1 and the value (encoded in the scratch buffer).
  void flag(bool same) {
    if (same) {
      out_(std::uint8_t{0});
    } else {
      out_(std::uint8_t{1});
      out_.raw(refs_.scratch.data(), refs_.scratch.size());
    }
  }
  template <class T>
  void put_ref(Encoded& last, const T& v) {
    const bool same = same_as(last.empty() ? nullptr : &last, v);
    flag(same);
    if (!same) last.assign(refs_.scratch.data(), refs_.scratch.data() + refs_.scratch.size());
  }
  void put_state(std::size_t i, const CharacterState& s) {
    Encoded* last = nullptr;
    if (i < refs_.stepped.size()) {
      const auto it = refs_.states.find(refs_.stepped[i]);
      if (it != refs_.states.end()) last = &it->second;
      if (refs_.stepped.size() == 1) refs_.slot = last;
    }
    flag(same_as(last, s));
  }
  void put(const Body& v) { put_ref(refs_.body, v); }
  void put(const MoveParams& v) { put_ref(refs_.move, v); }
  void put(const CharacterParams& v) { put_ref(refs_.character, v); }
  void put(const CharacterId& id) {
    refs_.stepped.push_back(id.value);
    out_(id);
  }
  void put(const std::vector<CharacterId>& ids) {
    for (const CharacterId& id : ids) refs_.stepped.push_back(id.value);
    out_(ids);
  }
  void put(const CharacterState& s) { put_state(0, s); }
  void put(const std::vector<CharacterState>& states) {
    out_(static_cast<std::uint32_t>(states.size()));
    for (std::size_t i = 0; i < states.size(); ++i) put_state(i, states[i]);
  }
  template <class T>
  void put(const T& v) {
    out_(v);
  }

  Out& out_;
  WriterRefs& refs_;
};

/// The reader's side: references resolved in file order. Format 1 has none (every value is
/// written in full).
struct ReaderRefs {
  bool enabled = true;  // format 2 and later
  std::uint32_t thread = 0;
  std::optional<Body> body;
  std::optional<MoveParams> move;
  std::optional<CharacterParams> character;
  /// By thread number, then character: its last result in the file.
  std::unordered_map<std::uint32_t, std::unordered_map<std::uint64_t, CharacterState>> states;
  std::vector<std::uint64_t> stepped;

  void new_block(std::uint32_t thread_number) {
    thread = thread_number;
    body.reset();
    move.reset();
    character.reset();
  }
  void remember(const CharacterState& result) {
    if (stepped.size() == 1) states[thread][stepped[0]] = result;
  }
  void remember(const std::vector<CharacterState>& results) {
    for (std::size_t i = 0; i < results.size() && i < stepped.size(); ++i) states[thread][stepped[i]] = results[i];
  }
  template <class Result>
  void remember(const Result&) {}
};

/// Reads a call's inputs into its Call struct (`fields(reader, call)`), resolving references;
/// a reference to nothing throws DecodeError with its offset.
class InputReader {
 public:
  InputReader(ByteReader& in, ReaderRefs& refs) : in_(in), refs_(refs) { refs_.stepped.clear(); }
  template <class... Ts>
  void operator()(Ts&... values) {
    (get(values), ...);
  }

 private:
  /// True when the value follows in full, false when it is a reference (format 2).
  bool full() {
    if (!refs_.enabled) return true;
    bool full = false;
    in_(full);
    return full;
  }
  template <class T>
  void get_ref(std::optional<T>& last, T& v, const char* what) {
    if (full()) {
      in_(v);
      last = v;
    } else if (last) {
      v = *last;
    } else {
      in_.fail(std::string("a call refers to its thread's last ") + what +
               " in the frame, and there is none before it");
    }
  }
  void get_state(std::size_t i, CharacterState& s) {
    if (full()) return in_(s);
    if (i >= refs_.stepped.size()) in_.fail("a state refers to a character the call does not name");
    const auto& mine = refs_.states[refs_.thread];
    const auto it = mine.find(refs_.stepped[i]);
    if (it == mine.end())
      in_.fail("a state refers to its character's last result on thread " + std::to_string(refs_.thread) +
               ", and the file has none before it");
    s = it->second;
  }
  void get(Body& v) { get_ref(refs_.body, v, "body"); }
  void get(MoveParams& v) { get_ref(refs_.move, v, "move parameters"); }
  void get(CharacterParams& v) { get_ref(refs_.character, v, "character parameters"); }
  void get(CharacterId& id) {
    in_(id);
    refs_.stepped.push_back(id.value);
  }
  void get(std::vector<CharacterId>& ids) {
    in_(ids);
    for (const CharacterId& id : ids) refs_.stepped.push_back(id.value);
  }
  void get(CharacterState& s) { get_state(0, s); }
  void get(std::vector<CharacterState>& states) {
    if (!refs_.enabled) return in_(states);
    states.assign(in_.count(1, "state list"), CharacterState{});
    for (std::size_t i = 0; i < states.size(); ++i) get_state(i, states[i]);
  }
  template <class T>
  void get(T& v) {
    in_(v);
  }

  ByteReader& in_;
  ReaderRefs& refs_;
};

/// Whether a call's inputs can hold references (so that a reader re-encodes them in full).
template <class Call>
constexpr bool has_refs = requires(const Call& c) { c.body; } || requires(const Call& c) { c.params; };

}  // namespace collision::detail::recording
