/// @file entity_lump.cpp
/// The entity lump's grammar: { "key" "value" ... } repeated, whitespace between tokens. Every
/// malformation is an error naming the entity (the lump is untrusted text).

#include "entity_lump.hpp"

#include <cmath>
#include <cstdlib>

namespace collision::io::detail {

const std::string* Entity::find(std::string_view key) const {
  for (const auto& [k, v] : pairs) {
    if (k == key) return &v;
  }
  return nullptr;
}

std::string Entity::where() const {
  return "entity " + std::to_string(index) + " (" + classname() + ")";
}

namespace {

std::string quoted(std::string_view text, std::size_t& pos, std::size_t entity,
                   const std::function<void(const std::string&)>& fail) {
  const std::size_t end = text.find('"', pos + 1);
  if (end == std::string_view::npos) {
    fail("entity lump: unterminated string in entity " + std::to_string(entity));
  }
  std::string s(text.substr(pos + 1, end - pos - 1));
  pos = end + 1;
  return s;
}

}  // namespace

std::vector<Entity> parse_entities(std::string_view text,
                                   const std::function<void(const std::string&)>& fail) {
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
    text = text.substr(0, nul);
  }
  std::vector<Entity> entities;
  std::size_t pos = 0;
  std::size_t entity = 0;
  Entity current;
  bool open = false;
  for (;;) {
    while (pos < text.size() && static_cast<unsigned char>(text[pos]) <= ' ') ++pos;
    if (pos >= text.size()) break;
    const char c = text[pos];
    if (c == '{') {
      if (open) fail("entity lump: '{' inside entity " + std::to_string(entity));
      open = true;
      current = Entity{entity, {}};
      ++pos;
    } else if (c == '}') {
      if (!open) fail("entity lump: '}' without '{' after entity " + std::to_string(entity));
      open = false;
      entities.push_back(std::move(current));
      ++entity;
      ++pos;
    } else if (c == '"') {
      if (!open) fail("entity lump: text outside an entity after entity " + std::to_string(entity));
      std::string key = quoted(text, pos, entity, fail);
      while (pos < text.size() && static_cast<unsigned char>(text[pos]) <= ' ') ++pos;
      if (pos >= text.size() || text[pos] != '"') {
        fail("entity lump: key \"" + key + "\" without a value in entity " + std::to_string(entity));
      }
      std::string value = quoted(text, pos, entity, fail);
      current.pairs.emplace_back(std::move(key), std::move(value));
    } else {
      fail("entity lump: unexpected character in entity " + std::to_string(entity));
    }
  }
  if (open) fail("entity lump: entity " + std::to_string(entity) + " is not closed");
  return entities;
}

int parse_floats(const std::string& s, float* out, int n) {
  const char* p = s.c_str();
  int count = 0;
  for (;;) {
    while (*p == ' ' || *p == '\t') ++p;
    if (*p == '\0') return count;
    if (count == n) return n + 1;
    char* end = nullptr;
    const float v = std::strtof(p, &end);
    if (end == p || !std::isfinite(v)) return n + 1;
    out[count++] = v;
    p = end;
  }
}

}  // namespace collision::io::detail
