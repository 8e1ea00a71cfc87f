// YAML text -> DocNode. The only file that includes yaml-cpp: every yaml-cpp
// exception stops here and becomes a positioned Diagnostic. Anchors and aliases
// are expanded (each use becomes its own copy); duplicate map keys are errors.
#include <yaml-cpp/yaml.h>

#include <fstream>
#include <set>
#include <sstream>

#include "ruleset/doc.h"

namespace hukum {

namespace {

// Deeper than any ruleset needs; stops pathological alias nesting early.
constexpr int kMaxDepth = 64;

SourcePos position(const std::string& file, const YAML::Mark& mark) {
  if (mark.is_null()) return {file, 0, 0};
  return {file, mark.line + 1, mark.column + 1};
}

DocNodePtr convert(const YAML::Node& yaml, const std::string& file, int depth,
                   Diagnostics& diags) {
  auto node = std::make_shared<DocNode>();
  node->pos = position(file, yaml.Mark());
  if (depth > kMaxDepth) {
    diags.error(node->pos, "", "nesting is too deep");
    return node;
  }
  switch (yaml.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null:
      node->kind = DocNode::Null;
      break;
    case YAML::NodeType::Scalar:
      node->kind = DocNode::Scalar;
      node->scalar = yaml.Scalar();
      break;
    case YAML::NodeType::Sequence:
      node->kind = DocNode::Sequence;
      for (const auto& item : yaml) node->seq.push_back(convert(item, file, depth + 1, diags));
      break;
    case YAML::NodeType::Map: {
      node->kind = DocNode::Map;
      std::set<std::string> seen;
      for (const auto& kv : yaml) {
        SourcePos key_pos = position(file, kv.first.Mark());
        if (!kv.first.IsScalar()) {
          diags.error(key_pos, "", "a map key must be a single value, not " +
                                       std::string(kv.first.IsMap() ? "a map" : "a list"));
          continue;
        }
        const std::string& key = kv.first.Scalar();
        if (!seen.insert(key).second) {
          const DocEntry* first = node->find_entry(key);
          diags.error(key_pos, "", "duplicate key '" + key + "' (first written at line " +
                                       std::to_string(first ? first->key_pos.line : 0) + ")");
          continue;
        }
        node->map.push_back({key, key_pos, convert(kv.second, file, depth + 1, diags)});
      }
      break;
    }
  }
  return node;
}

}  // namespace

DocNodePtr parse_yaml_text(const std::string& text, const std::string& name, Diagnostics& diags) {
  try {
    YAML::Node root = YAML::Load(text);
    Diagnostics local;
    DocNodePtr doc = convert(root, name, 0, local);
    diags.append(local);
    if (!local.empty()) return nullptr;
    if (doc->pos.line == 0) {
      // An empty document has no mark; it still starts at the top of the file.
      auto copy = std::make_shared<DocNode>(*doc);
      copy->pos = {name, 1, 1};
      doc = copy;
    }
    return doc;
  } catch (const YAML::Exception& e) {
    diags.error(position(name, e.mark), "", "invalid YAML: " + e.msg);
  } catch (const std::exception& e) {
    diags.error({name, 0, 0}, "", std::string("invalid YAML: ") + e.what());
  }
  return nullptr;
}

DocNodePtr parse_yaml_file(const std::string& path, Diagnostics& diags) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diags.error({path, 0, 0}, "", "cannot open the file");
    return nullptr;
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parse_yaml_text(text.str(), path, diags);
}

}  // namespace hukum
