// Reading a recording (collision/recording_file.hpp): every chunk's size and checksum, then its
// content, every call decoded, so that a RecordingFile that constructs is whole.
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <unordered_map>

#include "collision/domain.hpp"
#include "collision/recording_file.hpp"
#include "recording/calls.hpp"
#include "recording/format.hpp"
#include "recording/refs.hpp"

namespace collision {

namespace rec = detail::recording;

namespace {

template <class T>
T read_at(std::span<const std::uint8_t> bytes, std::size_t at) {
  T v;
  std::memcpy(&v, bytes.data() + at, sizeof v);
  return v;
}

template <class Call>
constexpr bool has_characters = std::is_same_v<Call, rec::StepCall> || std::is_same_v<Call, rec::RefreshCall> ||
                                std::is_same_v<Call, rec::StepBatchCall>;

// The characters a call steps, by state address (StepBatchCall: one per item).
template <class Call>
std::vector<std::uint64_t> characters_of(const Call& call) {
  if constexpr (std::is_same_v<Call, rec::StepBatchCall>) {
    std::vector<std::uint64_t> ids;
    for (const rec::CharacterId& id : call.characters) ids.push_back(id.value);
    return ids;
  } else {
    return {call.character.value};
  }
}

void check_level(rec::ByteReader& r, const TriangleMesh& mesh) {
  const std::size_t n = mesh.indices.size();
  if (mesh.normals.size() != n || mesh.flags.size() != n)
    r.fail("the level has " + std::to_string(n) + " triangles but " + std::to_string(mesh.normals.size()) +
           " normals and " + std::to_string(mesh.flags.size()) + " flags");
  for (const glm::vec3& p : mesh.positions)
    if (!in_domain_point(p)) r.fail("a level corner lies outside the input domain (or is not finite)");
  for (const glm::vec3& normal : mesh.normals)
    if (!std::isfinite(normal.x) || !std::isfinite(normal.y) || !std::isfinite(normal.z))
      r.fail("a level normal is not finite");
  for (const glm::uvec3& t : mesh.indices)
    if (t.x >= mesh.positions.size() || t.y >= mesh.positions.size() || t.z >= mesh.positions.size())
      r.fail("a level triangle's corner index is past its " + std::to_string(mesh.positions.size()) + " corners");
}

}  // namespace

RecordingFile::RecordingFile(const std::string& path) : name_(path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RecordingError("cannot open recording '" + path + "'");
  bytes_.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (in.bad()) throw RecordingError("cannot read recording '" + path + "'");
  parse();
}

RecordingFile::RecordingFile(std::vector<std::uint8_t> bytes, const std::string& name)
    : name_(name), bytes_(std::move(bytes)) {
  parse();
}

void RecordingFile::parse() {
  const std::span<const std::uint8_t> file(bytes_);
  try {
    // The magic's first bytes (all of them, or as many as the file has): a recording, perhaps cut.
    const std::size_t magic = std::min(file.size(), sizeof rec::kMagic);
    if (magic > 0 && std::memcmp(file.data(), rec::kMagic, magic) != 0)
      throw rec::DecodeError{0, "not a Prism recording (it does not start with PRISMREC)"};
    if (file.size() < rec::kFileHeaderBytes)
      throw rec::DecodeError{0, "truncated: " + std::to_string(file.size()) + " bytes, shorter than the 16-byte header"};
    version_ = read_at<std::uint32_t>(file, 8);
    if (version_ == 0) throw rec::DecodeError{8, "format version 0 does not exist"};
    // Versions 1 (every input in full) and 2 (references: refs.hpp) are read alike.
    if (version_ > kRecordingFormatVersion)
      throw rec::DecodeError{8, "format version " + std::to_string(version_) + " is newer than this build reads (" +
                                    std::to_string(kRecordingFormatVersion) + "): read it with a newer Prism"};
    if (read_at<std::uint32_t>(file, 12) != 0) throw rec::DecodeError{12, "the header's flags are not 0"};

    bool head = false, level = false, index = false;
    std::size_t index_offset = 0;
    std::unordered_map<std::uint64_t, std::uint32_t> character_numbers;
    rec::ReaderRefs refs;
    refs.enabled = version_ >= 2;
    // Calls whose inputs held references get them in full in expanded_ (their spans are set at
    // the end, when expanded_ no longer moves): frame, call, offset in expanded_, size.
    struct Expanded {
      std::size_t frame, call, at, size;
    };
    std::vector<Expanded> expanded;
    rec::ByteBuffer full;
    std::size_t at = rec::kFileHeaderBytes;
    while (at < file.size()) {
      if (closed_) throw rec::DecodeError{at, "bytes after the TAIL chunk, which ends a recording"};
      if (file.size() - at < rec::kChunkHeaderBytes)
        throw rec::DecodeError{at, "truncated: a chunk header needs 16 bytes, " + std::to_string(file.size() - at) +
                                       " left"};
      const auto tag = read_at<std::uint32_t>(file, at);
      const auto crc = read_at<std::uint32_t>(file, at + 4);
      const auto size = read_at<std::uint64_t>(file, at + 8);
      const std::string name = "chunk " + rec::tag_name(tag);
      const std::size_t body = at + rec::kChunkHeaderBytes;
      if (size > file.size() - body)
        throw rec::DecodeError{at, "truncated: " + name + " holds " + std::to_string(size) + " bytes, " +
                                       std::to_string(file.size() - body) + " left in the file"};
      const auto payload = file.subspan(body, size);
      if (rec::chunk_crc(tag, size, payload) != crc) throw rec::DecodeError{at, "corrupt: " + name + " fails its checksum"};
      rec::ByteReader r(payload, body);
      if (!head && tag != rec::kHead) throw rec::DecodeError{at, "the first chunk is " + name + ", not HEAD"};
      if (tag == rec::kHead) {
        if (head) throw rec::DecodeError{at, "a second HEAD chunk"};
        std::uint64_t cap = 0;
        r(build_, cap);
        head = true;
      } else if (tag == rec::kLevel) {
        if (level || !frames_.empty()) throw rec::DecodeError{at, "a LEVL chunk after a level or a frame"};
        r(level_hash_, level_.positions, level_.indices, level_.normals, level_.flags);
        check_level(r, level_);
        if (rec::fnv1a(payload.subspan(8)) != level_hash_) r.fail("the level's content does not match its hash");
        level = true;
      } else if (tag == rec::kLabels) {
        std::uint32_t first = 0;
        std::vector<std::string> more;
        r(first, more);
        if (first != labels_.size() + 1) r.fail("labels numbered from " + std::to_string(first) + ", expected " +
                                                std::to_string(labels_.size() + 1));
        labels_.insert(labels_.end(), more.begin(), more.end());
      } else if (tag == rec::kFrame) {
        if (!level) throw rec::DecodeError{at, "a frame before the level"};
        if (index) throw rec::DecodeError{at, "a frame after the index"};
        RecordedFrame& frame = frames_.emplace_back();
        frame.offset = at;
        std::uint64_t dropped = 0;
        std::uint32_t blocks = 0;
        r(frame.number, frame.seconds, dropped, blocks);
        if (frames_.size() > 1 && frame.number <= frames_[frames_.size() - 2].number)
          r.fail("frame " + std::to_string(frame.number) + " does not follow frame " +
                 std::to_string(frames_[frames_.size() - 2].number));
        dropped_ = std::max(dropped_, dropped);
        for (std::uint32_t b = 0; b < blocks; ++b) {
          std::uint32_t thread = 0, calls = 0;
          std::uint64_t block_size = 0;
          r(thread, calls, block_size);
          if (block_size > r.left()) r.fail("a thread's block of " + std::to_string(block_size) + " bytes runs past its frame");
          // The block's offset before take() moves it on (two arguments of one call: their order is
          // the compiler's, and GCC's put every call's offset a block's size too early).
          const std::size_t block_at = r.offset();
          rec::ByteReader block(r.take(block_size, "thread block"), block_at);
          refs.new_block(thread);
          for (std::uint32_t c = 0; c < calls; ++c) {
            RecordedCall& call = frame.calls.emplace_back();
            call.thread = thread;
            std::uint32_t inputs = 0, result = 0;
            block(call.kind, call.label, inputs, result);
            if (call.label > labels_.size()) block.fail("label " + std::to_string(call.label) + " is not defined");
            call.offset = block.offset();
            call.inputs = block.take(inputs, "call inputs");
            call.result = block.take(result, "call result");
            const bool known = rec::visit_kind(call.kind, [&]<class Call>() {
              Call decoded{};
              rec::ByteReader in(call.inputs, call.offset);
              rec::InputReader input(in, refs);
              fields(input, decoded);
              if (in.left() != 0) in.fail(std::to_string(in.left()) + " bytes left over after a call's inputs");
              typename Call::Result out{};
              rec::ByteReader res(call.result, call.offset + inputs);
              res(out);
              if (res.left() != 0) res.fail(std::to_string(res.left()) + " bytes left over after a call's result");
              refs.remember(out);
              if (refs.enabled && rec::has_refs<Call>) {  // the inputs in full, as format 1 has them
                full.clear();
                rec::ByteWriter{full}(decoded);
                expanded.push_back({frames_.size() - 1, frame.calls.size() - 1, expanded_.size(), full.size()});
                expanded_.insert(expanded_.end(), full.data(), full.data() + full.size());
              }
              if constexpr (has_characters<Call>) {
                for (const std::uint64_t id : characters_of(decoded))
                  character_numbers.try_emplace(id, static_cast<std::uint32_t>(character_numbers.size()));
              }
            });
            if (!known) block.fail("unknown call kind " + std::to_string(static_cast<unsigned>(call.kind)));
          }
          if (block.left() != 0) block.fail(std::to_string(block.left()) + " bytes left over after a thread's calls");
        }
      } else if (tag == rec::kIndex) {
        if (index) throw rec::DecodeError{at, "a second INDX chunk"};
        std::uint64_t dropped = 0;
        const std::uint32_t n = [&] {
          r(dropped);
          return r.count(16, "index entry");
        }();
        if (n != frames_.size()) r.fail("the index lists " + std::to_string(n) + " frames, the file holds " +
                                        std::to_string(frames_.size()));
        for (const RecordedFrame& f : frames_) {
          std::uint64_t number = 0, offset = 0;
          r(number, offset);
          if (number != f.number || offset != f.offset) r.fail("the index does not match frame " + std::to_string(f.number));
        }
        dropped_ = std::max(dropped_, dropped);
        index = true;
        index_offset = at;
      } else if (tag == rec::kTail) {
        std::uint64_t offset = 0;
        r(offset);
        if (!index || offset != index_offset) r.fail("the tail does not point at the index");
        closed_ = true;
      } else {
        throw rec::DecodeError{at, "unknown " + name};
      }
      if (r.left() != 0) r.fail(std::to_string(r.left()) + " bytes left over at the end of " + name);
      at = body + size;
    }
    if (!head) throw rec::DecodeError{at, "truncated: no HEAD chunk"};
    if (index && !closed_) throw rec::DecodeError{at, "truncated: the index is not followed by the TAIL chunk"};
    // Character numbers by first appearance (the map above only collects them).
    characters_ = character_numbers.size();
    for (const Expanded& e : expanded)
      frames_[e.frame].calls[e.call].inputs = std::span<const std::uint8_t>(expanded_).subspan(e.at, e.size);
  } catch (const rec::DecodeError& e) {
    throw RecordingError("recording '" + name_ + "': offset " + std::to_string(e.offset) + ": " + e.what);
  }
  labels_.insert(labels_.begin(), std::string());  // label 0
  // The characters numbered in the order character_steps() lists them (frames, then calls as
  // frames_ holds them), which steps() reports.
  for (const RecordedFrame& frame : frames_)
    for (const RecordedCall& call : frame.calls)
      rec::visit_kind(call.kind, [&]<class Call>() {
        if constexpr (has_characters<Call>) {
          Call decoded{};
          rec::ByteReader(call.inputs, call.offset)(decoded);
          for (const std::uint64_t id : characters_of(decoded))
            character_numbers_.try_emplace(id, static_cast<std::uint32_t>(character_numbers_.size()));
        }
      });
}

std::vector<RecordedStep> RecordingFile::steps(const RecordedCall& call) const {
  std::vector<RecordedStep> out;
  try {
    rec::visit_kind(call.kind, [&]<class Call>() {
      if constexpr (has_characters<Call>) {
        Call c{};
        rec::ByteReader(call.inputs, call.offset)(c);
        typename Call::Result result{};
        rec::ByteReader(call.result, call.offset + call.inputs.size())(result);
        const std::vector<std::uint64_t> ids = characters_of(c);
        for (std::size_t i = 0; i < ids.size(); ++i) {
          RecordedStep s;
          const auto n = character_numbers_.find(ids[i]);
          if (n == character_numbers_.end()) throw rec::DecodeError{call.offset, "a character this file never steps"};
          s.character = n->second;
          s.kind = call.kind;
          s.item = i;
          s.body = c.body;
          s.params = c.params;
          if constexpr (std::is_same_v<Call, rec::StepBatchCall>) {
            if (i >= c.states.size() || i >= c.inputs.size() || i >= result.size())
              throw rec::DecodeError{call.offset, "a batch with fewer states, inputs or results than characters"};
            s.before = c.states[i];
            s.input = c.inputs[i];
            s.dt = c.dt;
            s.after = result[i];
          } else {
            s.before = c.state;
            if constexpr (std::is_same_v<Call, rec::StepCall>) {
              s.input = c.input;
              s.dt = c.dt;
            }
            s.after = result;
          }
          out.push_back(std::move(s));
        }
      }
    });
  } catch (const rec::DecodeError& e) {
    throw RecordingError("recording '" + name_ + "': offset " + std::to_string(e.offset) + ": " + e.what);
  }
  return out;
}

std::vector<CharacterStepRecord> RecordingFile::character_steps() const {
  std::vector<CharacterStepRecord> steps;
  for (const RecordedFrame& frame : frames_)
    for (const RecordedCall& call : frame.calls)
      for (const RecordedStep& s : this->steps(call))
        if (!s.placed()) steps.push_back({frame.number, s.character, s.after.position.x, s.after.position.y, s.after.position.z});
  return steps;
}

}  // namespace collision
