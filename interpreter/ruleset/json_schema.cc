// Renders the format table (schema.cc) for people and editors: a JSON Schema
// (draft 2020-12) for YAML language servers, and the Markdown reference of
// docs/ruleset-reference.md. Neither holds any knowledge of its own. Examples
// are typed as YAML reads them; maps the loader accepts as null (`key: ~`) are
// nullable in the schema too.
#include <map>

#include <nlohmann/json.hpp>

#include "ruleset/schema.h"

namespace hukum {

namespace {

using nlohmann::json;

json to_json_schema(const Schema& s);

// A YAML value as JSON, typed as a YAML editor reads it (core schema):
// true/false are booleans, whole numbers are integers, ~ is null.
json yaml_to_json(const DocNode& node) {
  switch (node.kind) {
    case DocNode::Null: return nullptr;
    case DocNode::Scalar: {
      const std::string& t = node.scalar;
      if (t == "true" || t == "false") return t == "true";
      if (!t.empty() && t.size() < 10 && t.find_first_not_of("-0123456789") == std::string::npos &&
          t.find('-', 1) == std::string::npos && t != "-")
        return std::stoi(t);
      return t;
    }
    case DocNode::Sequence: {
      json out = json::array();
      for (const auto& item : node.seq) out.push_back(yaml_to_json(*item));
      return out;
    }
    case DocNode::Map: {
      json out = json::object();
      for (const auto& e : node.map) out[e.key] = yaml_to_json(*e.value);
      return out;
    }
  }
  return nullptr;
}

// An example as written after `name: ` in the format table, as a JSON value.
json typed_example(const std::string& yaml) {
  Diagnostics ignored;
  DocNodePtr doc = parse_yaml_text(yaml, "<example>", ignored);
  return doc ? yaml_to_json(*doc) : json(yaml);
}

// A map the loader also accepts written as null (`thresholds: ~`): a variant
// clears what its base file set.
json or_null(json schema) {
  if (schema.contains("type")) {
    schema["type"] = json::array({schema["type"], "null"});
    return schema;
  }
  return {{"anyOf", json::array({schema, {{"type", "null"}}})}};
}

// `deal` in an option value or a file that extends another: the plan (a
// list), or changes to its steps by kind (a map: {calls: {jumps: false}}).
json deal_or_step_changes(json list) {
  json changes = {{"type", "object"},
                  {"additionalProperties", {{"type", json::array({"object", "null"})}}},
                  {"description", "Changes to steps of the base's plan, by step kind"}};
  return {{"anyOf", json::array({list, changes})}};
}

// The top-level keys an option value may change, none required.
json overlay_schema() {
  json props = json::object();
  for (const auto& f : ruleset_schema().fields) {
    if (f.name == "options" || f.name == "extends") continue;
    json p = to_json_schema(f.schema);
    if (f.name == "deal") p = deal_or_step_changes(p);
    p["description"] = f.doc;
    props[f.name] = p;
  }
  return {{"type", "object"}, {"properties", props}, {"additionalProperties", false}};
}

// No "required" lists: a house rule (`extends`) or an option value supplies
// only the keys it changes, and the loader checks required keys after merging.
json fields_schema(const Schema& s) {
  json props = json::object();
  for (const auto& f : s.fields) {
    json p = to_json_schema(f.schema);
    std::string doc = f.doc;
    if (f.required) doc += " (required once extends and options are applied)";
    if (!f.default_text.empty()) doc += " (default: " + f.default_text + ")";
    p["description"] = doc;
    if (!f.example.empty()) p["examples"] = json::array({typed_example(f.example)});
    props[f.name] = p;
  }
  json out = {{"type", "object"}, {"properties", props}, {"additionalProperties", false}};
  if (s.single_key) {
    out["minProperties"] = 1;
    out["maxProperties"] = 1;
  }
  return out;
}

// The shared definitions (Schema::def) of the format, each once, by name.
void collect_defs(const Schema& s, std::map<std::string, const Schema*>& out) {
  if (!s.def.empty()) {
    if (out.count(s.def)) return;
    out[s.def] = &s;
  }
  for (const auto& item : s.items) collect_defs(item, out);
  for (const auto& f : s.fields) collect_defs(f.schema, out);
}

const std::map<std::string, const Schema*>& shared_defs() {
  static const std::map<std::string, const Schema*> defs = [] {
    std::map<std::string, const Schema*> out;
    collect_defs(ruleset_schema(), out);
    return out;
  }();
  return defs;
}

json definition_schema(const Schema& s);

// A shared definition is a reference to $defs, written out once there.
json to_json_schema(const Schema& s) {
  if (!s.def.empty()) return {{"$ref", "#/$defs/" + s.def}};
  return definition_schema(s);
}

json definition_schema(const Schema& s) {
  switch (s.type) {
    case SchemaType::Int: {
      json out = {{"type", "integer"}};
      if (s.min != INT_MIN) out["minimum"] = s.min;
      if (s.max != INT_MAX) out["maximum"] = s.max;
      return out;
    }
    case SchemaType::Bool: return {{"type", "boolean"}};
    // YAML reads `10` as a number and `N` as a string; a name may be either.
    case SchemaType::String: return {{"type", json::array({"string", "number"})}};
    case SchemaType::Scalar: return {{"type", json::array({"string", "number", "boolean"})}};
    case SchemaType::Enum: return {{"enum", s.words}};
    case SchemaType::Card: return {{"type", "string"}, {"description", "rank name + suit letter"}};
    case SchemaType::CardItem:
      return {{"type", "string"}, {"description", "rank name + suit letter, or attribute=value"}};
    case SchemaType::List: return {{"type", "array"}, {"items", to_json_schema(s.items[0])}};
    case SchemaType::Fields: return s.single_key ? fields_schema(s) : or_null(fields_schema(s));
    case SchemaType::FreeMap:
      return or_null({{"type", "object"},
                      {"additionalProperties", to_json_schema(s.items[0])},
                      {"description", "keys: " + s.key_doc}});
    case SchemaType::OneOf: {
      json alternatives = json::array();
      for (const auto& alt : s.items) alternatives.push_back(to_json_schema(alt));
      if (s.script_steps) {  // a step kind of hooks.steps: its name, or {name: {parameters}}
        alternatives.push_back({{"type", "string"}, {"pattern", "^[a-z][a-z0-9_]*$"}});
        alternatives.push_back({{"type", "object"}, {"minProperties", 1}, {"maxProperties", 1}});
      }
      return {{"anyOf", alternatives}};
    }
    case SchemaType::Overlay: return or_null({{"$ref", "#/$defs/overlay"}});
  }
  return json::object();
}

// ---- Markdown ----

std::string markdown_type(const Schema& s) {
  if (!s.def.empty()) return describe_expected(s) + "; see \"The " + s.def + " entry\" below";
  switch (s.type) {
    case SchemaType::Fields: return s.single_key ? "map, one key of" : "map";
    case SchemaType::List:
      if (s.items[0].type == SchemaType::Fields || s.items[0].type == SchemaType::OneOf)
        return "list; items below";
      return "list; each " + describe_expected(s.items[0]);
    case SchemaType::FreeMap:
      if (s.items[0].type == SchemaType::Fields) return "map: " + s.key_doc + " -> map below";
      return describe_expected(s);
    default: return describe_expected(s);
  }
}

void render_fields(const std::vector<SchemaField>& fields, int depth, std::string& out);

// The nested keys under a field, if any, indented one level more (a shared
// definition's keys are written once, in their own section).
void render_children(const Schema& s, int depth, std::string& out) {
  if (!s.def.empty()) return;
  switch (s.type) {
    case SchemaType::Fields: return render_fields(s.fields, depth, out);
    case SchemaType::List:
    case SchemaType::FreeMap: return render_children(s.items[0], depth, out);
    case SchemaType::OneOf:
      for (const auto& alt : s.items) render_children(alt, depth, out);
      return;
    default: return;
  }
}

void render_fields(const std::vector<SchemaField>& fields, int depth, std::string& out) {
  std::string indent(size_t(depth) * 2, ' ');
  for (const auto& f : fields) {
    out += indent + "- `" + f.name + "` (" + markdown_type(f.schema);
    if (f.required) out += "; **required**";
    else if (!f.default_text.empty()) out += "; default: " + f.default_text;
    out += ") " + f.doc + ".";
    if (!f.example.empty()) out += " Example: `" + f.name + ": " + f.example + "`";
    out += "\n";
    render_children(f.schema, depth + 1, out);
  }
}

}  // namespace

std::string json_schema() {
  json root = fields_schema(ruleset_schema());
  {
    json& deal = root["properties"]["deal"];  // (a map of changes with extends)
    const json description = deal["description"];
    deal = deal_or_step_changes(deal);
    deal["description"] = description;
  }
  root["$schema"] = "https://json-schema.org/draft/2020-12/schema";
  root["title"] = "hukum ruleset";
  root["description"] = "A card game's rules as data (format version 1)";
  root["$defs"] = {{"overlay", overlay_schema()}};
  for (const auto& [name, def] : shared_defs()) {
    json d = definition_schema(*def);
    d["description"] = def->def_doc;
    root["$defs"][name] = d;
  }
  return root.dump(2) + "\n";
}

std::string schema_markdown() {
  std::string out =
      "# Ruleset format reference (version 1)\n\n"
      "Generated from the format table in `interpreter/ruleset/schema.cc`; do not edit by hand.\n"
      "Cards are written rank + suit letter (`10H`, `AS`). Unknown keys are errors.\n"
      "An option value is a map of top-level keys merged over the rules (maps key by key,\n"
      "lists and single values replaced).\n\n";
  render_fields(ruleset_schema().fields, 0, out);
  for (const auto& [name, def] : shared_defs()) {
    out += "\n## The " + name + " entry\n\n" + def->def_doc + ".\n\n";
    for (const auto& alt : def->type == SchemaType::OneOf ? def->items : std::vector<Schema>{*def})
      render_children(alt, 0, out);
  }
  return out;
}

}  // namespace hukum
