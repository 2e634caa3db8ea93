#pragma once
// The byte encoding the recorder writes and the reader reads (docs/recording-format.md): every
// value little-endian, as its bytes (floats bit for bit), a vector or string as a u32 count then
// its items, an optional as a u8 flag then its value, a struct as its fields in the order its
// `fields` function lists them. One `fields` function per type serves both directions, so the
// writer and the reader cannot disagree on an order.
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include <glm/vec3.hpp>

namespace collision::detail::recording {

/// Thrown by ByteReader: what is wrong, and the offset in the file where it was found.
struct DecodeError {
  std::size_t offset;
  std::string what;
};

template <class T>
concept Plain = std::is_arithmetic_v<T> || std::is_enum_v<T>;

/// Appends values to a byte vector.
class ByteWriter {
 public:
  explicit ByteWriter(std::vector<std::uint8_t>& out) : out_(out) {}

  template <class... Ts>
  void operator()(const Ts&... values) {
    (put(values), ...);
  }

 private:
  template <Plain T>
  void put(const T& v) {
    const std::size_t at = out_.size();
    out_.resize(at + sizeof(T));
    std::memcpy(out_.data() + at, &v, sizeof(T));
  }
  void put(bool v) { put(static_cast<std::uint8_t>(v)); }
  template <class T, glm::qualifier Q>
  void put(const glm::vec<3, T, Q>& v) {
    put(v.x), put(v.y), put(v.z);
  }
  template <class T>
  void put(const std::optional<T>& v) {
    put(v.has_value());
    if (v) put(*v);
  }
  template <class T>
  void put_items(std::span<const T> items) {
    put(static_cast<std::uint32_t>(items.size()));
    for (const T& item : items) put(item);
  }
  template <class T>
  void put(const std::vector<T>& v) {
    put_items(std::span<const T>(v));
  }
  template <class T>
  void put(std::span<T> v) {
    put_items(std::span<const T>(v));
  }
  void put(const std::string& s) {
    put(static_cast<std::uint32_t>(s.size()));
    out_.insert(out_.end(), s.begin(), s.end());
  }
  template <class T>
    requires(!Plain<T>)
  void put(const T& v) {
    fields(*this, v);
  }

  std::vector<std::uint8_t>& out_;
};

/// Reads values back, bounds-checked: running past the end, an impossible count or an enum
/// out of range throws DecodeError with the offset (`base` + position).
class ByteReader {
 public:
  ByteReader(std::span<const std::uint8_t> bytes, std::size_t base) : bytes_(bytes), base_(base) {}

  template <class... Ts>
  void operator()(Ts&... values) {
    (get(values), ...);
  }

  std::size_t position() const { return pos_; }
  std::size_t offset() const { return base_ + pos_; }
  std::size_t left() const { return bytes_.size() - pos_; }
  std::span<const std::uint8_t> rest() const { return bytes_.subspan(pos_); }
  [[noreturn]] void fail(const std::string& what) const { throw DecodeError{offset(), what}; }
  void need(std::size_t n, const char* what) const {
    if (left() < n) fail(std::string("truncated ") + what + ": needs " + std::to_string(n) + " bytes, " +
                         std::to_string(left()) + " left");
  }
  /// The next n bytes, skipped.
  std::span<const std::uint8_t> take(std::size_t n, const char* what) {
    need(n, what);
    const auto s = bytes_.subspan(pos_, n);
    pos_ += n;
    return s;
  }
  /// A count of items of at least `min_item_bytes` each that the bytes left can hold.
  std::uint32_t count(std::size_t min_item_bytes, const char* what) {
    std::uint32_t n = 0;
    get(n);
    if (min_item_bytes > 0 && n > left() / min_item_bytes)
      fail(std::string(what) + " count " + std::to_string(n) + " is more than the " + std::to_string(left()) +
           " bytes left can hold");
    return n;
  }

  template <Plain T>
  void get(T& v) {
    need(sizeof(T), "value");
    std::memcpy(&v, bytes_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
  }
  void get(bool& v) {
    std::uint8_t b = 0;
    get(b);
    if (b > 1) fail("a flag byte is " + std::to_string(b) + ", not 0 or 1");
    v = b != 0;
  }
  template <class T, glm::qualifier Q>
  void get(glm::vec<3, T, Q>& v) {
    get(v.x), get(v.y), get(v.z);
  }
  template <class T>
  void get(std::optional<T>& v) {
    bool has = false;
    get(has);
    v.reset();
    if (has) get(v.emplace());
  }
  template <class T>
  void get(std::vector<T>& v) {
    const std::uint32_t n = count(1, "list");
    v.assign(n, T{});
    for (T& item : v) get(item);
  }
  void get(std::string& s) {
    const std::uint32_t n = count(1, "string");
    const auto bytes = take(n, "string");
    s.assign(bytes.begin(), bytes.end());
  }
  template <class T>
    requires(!Plain<T>)
  void get(T& v) {
    fields(*this, v);
  }

 private:
  std::span<const std::uint8_t> bytes_;
  std::size_t base_;
  std::size_t pos_ = 0;
};

/// An enum read back must be one of its values (<= last).
template <class E>
void check_enum(ByteReader& r, E value, E last, const char* name) {
  if (static_cast<unsigned>(value) > static_cast<unsigned>(last))
    r.fail(std::string(name) + " value " + std::to_string(static_cast<unsigned>(value)) + " is out of range");
}
template <class E>
void check_enum(ByteWriter&, E, E, const char*) {}

}  // namespace collision::detail::recording
