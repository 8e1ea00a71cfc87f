// Operations on the document tree that do not depend on YAML: lookup, deep
// merge for `extends` and option overlays, provenance of overlay nodes, and the
// canonical text the content hash is computed from.
#include "ruleset/doc.h"

#include <algorithm>

namespace hukum {

const DocEntry* DocNode::find_entry(const std::string& key) const {
  if (kind != Map) return nullptr;
  for (const auto& e : map)
    if (e.key == key) return &e;
  return nullptr;
}

const DocNode* DocNode::find(const std::string& key) const {
  const DocEntry* e = find_entry(key);
  return e ? e->value.get() : nullptr;
}

std::vector<std::string> DocNode::keys() const {
  std::vector<std::string> out;
  for (const auto& e : map) out.push_back(e.key);
  return out;
}

const char* kind_name(DocNode::Kind kind) {
  switch (kind) {
    case DocNode::Null: return "nothing";
    case DocNode::Scalar: return "a single value";
    case DocNode::Sequence: return "a list";
    case DocNode::Map: return "a map";
  }
  return "?";
}

DocNodePtr merge_docs(const DocNodePtr& base, const DocNodePtr& over) {
  if (!base) return over;
  if (!over) return base;
  if (!base->is_map() || !over->is_map()) return over;
  auto merged = std::make_shared<DocNode>(*base);
  for (const auto& entry : over->map) {
    auto it = std::find_if(merged->map.begin(), merged->map.end(),
                           [&](const DocEntry& e) { return e.key == entry.key; });
    if (it == merged->map.end()) {
      merged->map.push_back(entry);
    } else {
      it->value = merge_docs(it->value, entry.value);
      // The overriding file is where the key was last written.
      if (!it->value->is_map() || !entry.value->is_map()) it->key_pos = entry.key_pos;
    }
  }
  return merged;
}

DocNodePtr with_origin(const DocNodePtr& node, const std::string& origin) {
  auto copy = std::make_shared<DocNode>(*node);
  copy->origin_path = origin;
  for (auto& e : copy->map) e.value = with_origin(e.value, join_path(origin, e.key));
  for (size_t i = 0; i < copy->seq.size(); ++i)
    copy->seq[i] = with_origin(copy->seq[i], index_path(origin, i));
  return copy;
}

DocNodePtr without_key(const DocNodePtr& map, const std::string& key) {
  auto copy = std::make_shared<DocNode>(*map);
  std::erase_if(copy->map, [&](const DocEntry& e) { return e.key == key; });
  return copy;
}

static void append_quoted(std::string& out, const std::string& text) {
  out += '"';
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += '"';
}

std::string canonical_text(const DocNode& node) {
  std::string out;
  switch (node.kind) {
    case DocNode::Null:
      out = "null";
      break;
    case DocNode::Scalar:
      append_quoted(out, node.scalar);
      break;
    case DocNode::Sequence:
      out = "[";
      for (size_t i = 0; i < node.seq.size(); ++i) {
        if (i) out += ',';
        out += canonical_text(*node.seq[i]);
      }
      out += "]";
      break;
    case DocNode::Map: {
      std::vector<const DocEntry*> entries;
      for (const auto& e : node.map) entries.push_back(&e);
      std::sort(entries.begin(), entries.end(),
                [](const DocEntry* a, const DocEntry* b) { return a->key < b->key; });
      out = "{";
      for (size_t i = 0; i < entries.size(); ++i) {
        if (i) out += ',';
        append_quoted(out, entries[i]->key);
        out += ':';
        out += canonical_text(*entries[i]->value);
      }
      out += "}";
      break;
    }
  }
  return out;
}

std::string join_path(const std::string& parent, const std::string& key) {
  return parent.empty() ? key : parent + "." + key;
}

std::string index_path(const std::string& parent, size_t index) {
  return parent + "[" + std::to_string(index) + "]";
}

std::string in_quotes(const std::string& text) { return "'" + text + "'"; }

std::string comma_list(const std::vector<std::string>& words) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) out += (i ? ", " : "") + words[i];
  return out;
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  if (word.size() < 3) return "";
  std::string near = nearest_word(word, candidates);
  return near.empty() ? "" : " (did you mean " + in_quotes(near) + "?)";
}

std::string written_path(const DocNode& node, const std::string& path) {
  return node.origin_path.empty() ? path : node.origin_path;
}

}  // namespace hukum
