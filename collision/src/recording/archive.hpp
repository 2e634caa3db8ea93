#pragma once
// The byte encoding the recorder writes and the reader reads (docs/recording-format.md): every
// value little-endian, as its bytes (floats bit for bit), a vector or string as a u32 count then
// its items, an optional as a u8 flag then its value, a struct as its fields in the order its
// `fields` function lists them. One `fields` function per type serves both directions, so the
// writer and the reader cannot disagree on an order.
#include <algorithm>
#include <cassert>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
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

/// A growing byte array that does not zero what it is about to overwrite (std::vector's resize
/// does): appending a value is a capacity check and a copy.
class ByteBuffer {
 public:
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  std::uint8_t* data() { return data_.get(); }
  const std::uint8_t* data() const { return data_.get(); }
  std::span<const std::uint8_t> bytes() const { return {data_.get(), size_}; }
  void clear() { size_ = 0; }
  void resize_down(std::size_t n) { size_ = std::min(size_, n); }
  void reserve(std::size_t n) {
    if (n > capacity_) reallocate(n);
  }
  /// Room for `n` more bytes (one check for a whole call, then ReservedWriter's unchecked
  /// appends). Throws std::bad_alloc.
  [[gnu::always_inline]] void reserve_more(std::size_t n) {
    if (capacity_ - size_ < n) grow(n);
  }
  [[gnu::always_inline]] void append(const void* bytes, std::size_t n) {
    if (n == 0) return;  // an empty list's data() may be null, which memcpy may not take
    if (capacity_ - size_ < n) grow(n);
    std::memcpy(data_.get() + size_, bytes, n);
    size_ += n;
  }

 private:
  template <bool>
  friend class BasicByteWriter;
  void grow(std::size_t n) { reallocate(std::max({capacity_ * 2, size_ + n, std::size_t{4096}})); }
  void reallocate(std::size_t capacity) {  // throws std::bad_alloc
    auto more = std::make_unique_for_overwrite<std::uint8_t[]>(capacity);
    if (size_ > 0) std::memcpy(more.get(), data_.get(), size_);
    data_ = std::move(more);
    capacity_ = capacity;
  }
  std::unique_ptr<std::uint8_t[]> data_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

/// Appends values to a ByteBuffer. It writes through a cursor of its own and sets the
/// buffer's size when it is destroyed (a value's bytes stored through a byte pointer could
/// alias the buffer's own size, which the compiler would then reload on every value).
/// kChecked: each value checks the capacity and grows the buffer (ByteWriter); unchecked, the
/// caller has reserved room for everything beforehand (ReservedWriter: a recorded call reserves
/// its bytes once, raw.hpp's RawSize, then appends its values with no check between them).
template <bool kChecked>
class BasicByteWriter {
 public:
  explicit BasicByteWriter(ByteBuffer& out)
      : out_(out), cursor_(out.data_.get() + out.size_), end_(out.data_.get() + out.capacity_) {}
  ~BasicByteWriter() { out_.size_ = static_cast<std::size_t>(cursor_ - out_.data_.get()); }
  BasicByteWriter(const BasicByteWriter&) = delete;
  BasicByteWriter& operator=(const BasicByteWriter&) = delete;

  template <class... Ts>
  void operator()(const Ts&... values) {
    (put(values), ...);
  }
  /// `n` bytes as they are (raw.hpp).
  void raw(const void* bytes, std::size_t n) { append(bytes, n); }

 private:
  // Inlined: a recorded call writes some twenty of these on the game's thread.
  [[gnu::always_inline]] void append(const void* bytes, std::size_t n) {
    if (n == 0) return;  // an empty list's data() may be null, which memcpy may not take
    if constexpr (kChecked) {
      if (static_cast<std::size_t>(end_ - cursor_) < n) {
        out_.size_ = static_cast<std::size_t>(cursor_ - out_.data_.get());
        out_.grow(n);
        cursor_ = out_.data_.get() + out_.size_;
        end_ = out_.data_.get() + out_.capacity_;
      }
    } else {
      assert(static_cast<std::size_t>(end_ - cursor_) >= n && "ReservedWriter: past the room reserved");
    }
    std::memcpy(cursor_, bytes, n);
    cursor_ += n;
  }
  template <Plain T>
  [[gnu::always_inline]] void put(const T& v) {
    append(&v, sizeof(T));
  }
  [[gnu::always_inline]] void put(bool v) { put(static_cast<std::uint8_t>(v)); }
  template <class T, glm::qualifier Q>
  [[gnu::always_inline]] void put(const glm::vec<3, T, Q>& v) {
    const T xyz[3] = {v.x, v.y, v.z};
    append(xyz, sizeof xyz);
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
    append(s.data(), s.size());
  }
  template <class T>
    requires(!Plain<T>)
  void put(const T& v) {
    fields(*this, v);
  }

  ByteBuffer& out_;
  std::uint8_t* cursor_;
  std::uint8_t* end_;
};

using ByteWriter = BasicByteWriter<true>;
using ReservedWriter = BasicByteWriter<false>;

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

/// An enum read back must be one of its values (<= last); the other archives (writing,
/// sizing, comparing) have nothing to check.
template <class E>
void check_enum(ByteReader& r, E value, E last, const char* name) {
  if (static_cast<unsigned>(value) > static_cast<unsigned>(last))
    r.fail(std::string(name) + " value " + std::to_string(static_cast<unsigned>(value)) + " is out of range");
}
template <class A, class E>
void check_enum(A&, E, E, const char*) {}

}  // namespace collision::detail::recording
