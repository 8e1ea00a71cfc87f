// YAML text -> DocNode. The only file that includes yaml-cpp: every yaml-cpp
// exception stops here and becomes a positioned Diagnostic. Anchors and aliases
// are expanded (each use becomes its own copy); duplicate map keys are errors.
// Parse errors are explained: a tab in the indentation is named at its place,
// and the commonest messages carry their usual cause.
// Expansion is capped in nodes and in scalar bytes: yaml-cpp shares an aliased
// node, but each use here is a copy, so a few lines of nested aliases (an
// "alias bomb") would otherwise expand to billions of nodes.
#include <yaml-cpp/yaml.h>

#include <set>
#include <sstream>

#include <yaml-cpp/eventhandler.h>

#include "ruleset/doc.h"
#include "ruleset/input_file.h"

namespace hukum {

namespace {

// Deeper than any ruleset needs; stops pathological alias nesting early.
constexpr int kMaxDepth = 64;

SourcePos position(const std::string& file, const YAML::Mark& mark) {
  if (mark.is_null()) return {file, 0, 0};
  return {file, mark.line + 1, mark.column + 1};
}

// Control characters other than newline and tab (ESC, NUL, ...) in a value or
// a key: names and words end up on the terminal, so they must be plain text.
// C0 controls and DEL, and the C1 controls U+0080..U+009F (UTF-8 C2 80..C2 9F):
// U+009B acts as ESC [ on some terminals.
bool has_control_character(const std::string& text) {
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) return true;
    if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) <= 0x9f &&
        static_cast<unsigned char>(text[i + 1]) >= 0x80)
      return true;
  }
  return false;
}

// Sees the parser's events only to note where the second document starts.
class DocumentCounter final : public YAML::EventHandler {
 public:
  YAML::Mark second_start = YAML::Mark::null_mark();
  void OnDocumentStart(const YAML::Mark& mark) override {
    if (++documents_ == 2) second_start = mark;
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}

 private:
  int documents_ = 0;
};

// What one document may expand to; the first node past a limit stops the walk.
struct Expansion {
  size_t nodes = 0;
  size_t scalar_bytes = 0;
  bool stopped = false;
};

DocNodePtr convert(const YAML::Node& yaml, const std::string& file, int depth, Expansion& budget,
                   Diagnostics& diags) {
  auto node = std::make_shared<DocNode>();
  node->pos = position(file, yaml.Mark());
  if (budget.stopped) return node;
  if (depth > kMaxDepth) {
    diags.error(node->pos, "", "nesting is too deep (more than " + std::to_string(kMaxDepth) + " levels)");
    budget.stopped = true;
    return node;
  }
  if (++budget.nodes > kMaxYamlNodes) {
    diags.error(node->pos, "", "the document expands to more than " + std::to_string(kMaxYamlNodes) +
                                   " values (anchors and aliases count once per use)");
    budget.stopped = true;
    return node;
  }
  switch (yaml.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null:
      node->kind = DocNode::Null;
      break;
    case YAML::NodeType::Scalar:
      node->kind = DocNode::Scalar;
      budget.scalar_bytes += yaml.Scalar().size();
      if (budget.scalar_bytes > kMaxYamlScalarBytes) {
        diags.error(node->pos, "", "the document expands to more than " + size_limit_text(kMaxYamlScalarBytes) +
                                       " of text (anchors and aliases count once per use)");
        budget.stopped = true;
        return node;
      }
      node->scalar = yaml.Scalar();
      if (has_control_character(node->scalar))
        diags.error(node->pos, "", "the value holds a control character (such as ESC, NUL or U+009B); only printable text, "
                                   "newlines and tabs are allowed");
      break;
    case YAML::NodeType::Sequence:
      node->kind = DocNode::Sequence;
      for (const auto& item : yaml) {
        node->seq.push_back(convert(item, file, depth + 1, budget, diags));
        if (budget.stopped) break;
      }
      break;
    case YAML::NodeType::Map: {
      node->kind = DocNode::Map;
      std::set<std::string> seen;
      for (const auto& kv : yaml) {
        if (budget.stopped) break;
        SourcePos key_pos = position(file, kv.first.Mark());
        if (!kv.first.IsScalar()) {
          diags.error(key_pos, "", "a map key must be a single value, not " +
                                       std::string(kv.first.IsMap() ? "a map" : "a list"));
          continue;
        }
        const std::string& key = kv.first.Scalar();
        if (has_control_character(key)) {
          diags.error(key_pos, "", "the key holds a control character (such as ESC, NUL or U+009B)");
          continue;
        }
        if (!seen.insert(key).second) {
          const DocEntry* first = node->find_entry(key);
          diags.error(key_pos, "", "duplicate key '" + key + "' (first written at line " +
                                       std::to_string(first ? first->key_pos.line : 0) + ")");
          continue;
        }
        budget.scalar_bytes += key.size();
        node->map.push_back({key, key_pos, convert(kv.second, file, depth + 1, budget, diags)});
      }
      break;
    }
  }
  return node;
}

// The first tab in a line's indentation: yaml-cpp reports it as a broken map
// far from the tab itself, so a file that fails to parse is searched for one.
SourcePos first_indenting_tab(const std::string& text, const std::string& file) {
  int line = 1;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    for (size_t i = start; i < end && (text[i] == ' ' || text[i] == '\t' || text[i] == '-'); ++i)
      if (text[i] == '\t') return {file, line, int(i - start) + 1};
    start = end + 1;
    ++line;
  }
  return {file, 0, 0};
}

// yaml-cpp's terse messages, each with what usually causes it in a ruleset.
std::string explained(const std::string& msg) {
  static const std::pair<const char*, const char*> hints[] = {
      {"end of map not found", "a line indented less or more than its neighbours, or a value holding ': ' that needs quotes"},
      {"illegal map value", "a value holding ': ' needs quotes, or a key is indented deeper than the one above"},
      {"end of map flow not found", "a '{' without its closing '}'"},
      {"end of sequence flow not found", "a '[' without its closing ']'"},
      {"end of sequence not found", "a '- ' list item indented differently from the others"},
      {"illegal block entry", "a '- ' list item where a key was expected: check the indentation"},
      {"unknown escape character", "in \"double quotes\" a backslash starts an escape; use 'single quotes'"},
      {"illegal EOF in scalar", "a quote opened and never closed"},
      {"the referenced anchor is not defined", "a *name with no &name before it"},
  };
  for (const auto& [start, hint] : hints)
    if (msg.rfind(start, 0) == 0) return "invalid YAML: " + msg + " (often: " + hint + ")";
  return "invalid YAML: " + msg;
}

}  // namespace

DocNodePtr parse_yaml_text(const std::string& text, const std::string& name, Diagnostics& diags) {
  try {
    YAML::Node root = YAML::Load(text);
    // Anything after the first document (a second one after `---`, or a stray
    // ',' ']' '}' that yaml-cpp reads as more documents) is an error rather
    // than silently ignored. Not YAML::LoadAll: on a stray ',' it loops
    // forever, making empty documents until memory runs out (found by fuzz_ruleset).
    std::istringstream in(text);
    YAML::Parser parser(in);
    DocumentCounter counter;
    if (parser.HandleNextDocument(counter) && parser.HandleNextDocument(counter)) {
      diags.error(position(name, counter.second_start), "",
                  "more after the first YAML document (a second document after '---', or a stray ',', ']' or '}'); "
                  "a file holds one document");
      return nullptr;
    }
    Diagnostics local;
    Expansion budget;
    DocNodePtr doc = convert(root, name, 0, budget, local);
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
    SourcePos tab = first_indenting_tab(text, name);
    if (tab.line > 0)
      diags.error(tab, "", "a tab indents this line; YAML indents with spaces only",
                  "spaces in place of the tab");
    else
      diags.error(position(name, e.mark), "", explained(e.msg));
  } catch (const std::exception& e) {
    diags.error({name, 0, 0}, "", std::string("invalid YAML: ") + e.what());
  }
  return nullptr;
}

DocNodePtr parse_yaml_file(const std::string& path, Diagnostics& diags) {
  std::string text;
  if (std::string problem = read_input_file(path, kMaxYamlFileBytes, &text); !problem.empty()) {
    diags.error({path, 0, 0}, "", problem.rfind("cannot", 0) == 0 ? problem : "the file " + problem);
    return nullptr;
  }
  return parse_yaml_text(text, path, diags);
}

}  // namespace hukum
