// The ruleset format as data: one static table describing every key (type,
// bounds, allowed words, required or default, a one-line doc and an example).
// The same table drives validation (here), the JSON Schema for editors and the
// Markdown reference (json_schema.cc). Checks that need several keys at once
// (cards against the deck, ...) live in compile.cc, not here.
#pragma once

#include <climits>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "ruleset/doc.h"

namespace hukum {

enum class SchemaType {
  Int,      // a whole number within [min, max]
  Bool,     // true or false
  String,   // any single value, read as text
  Scalar,   // any single value (option values, hook parameters)
  Enum,     // one of `words`
  Card,     // card text: rank name + suit letter; checked against the deck in compile.cc
  CardItem, // an item of a list of cards: a card, or attribute=value (its cards; compile_attributes.cc)
  List,     // a list of items[0]
  Fields,   // a map with the keys in `fields`
  FreeMap,  // a map with free keys (described by key_doc) and items[0] values
  OneOf,    // one of items, chosen by the node's shape (single value, list or map)
  Overlay,  // a partial ruleset (an option value's changes): the top-level keys, none required
};

struct SchemaField;

struct Schema {
  SchemaType type = SchemaType::String;
  int min = INT_MIN;                // Int
  int max = INT_MAX;                // Int
  std::vector<std::string> words;   // Enum
  std::vector<Schema> items;        // List / FreeMap: the value; OneOf: the alternatives
  std::vector<SchemaField> fields;  // Fields
  bool single_key = false;          // Fields: exactly one of the keys (a step written as {kind: args})
  std::string key_doc;              // FreeMap: what the keys are
  // OneOf of a deal step: also a step kind the ruleset declares under
  // hooks.steps, written as its name or as {name: {parameter: value, ...}}.
  bool script_steps = false;
  // A shared definition (the hook entry): documented once under this name
  // with def_doc, and referred to wherever it is used.
  std::string def;
  std::string def_doc;
};

struct SchemaField {
  std::string name;
  Schema schema;
  bool required = false;
  std::string default_text;  // what applies when the key is absent ("" = nothing / empty)
  std::string doc;           // one line
  std::string example;       // YAML, as written after `name: `
};

// The whole format, version 1.
const Schema& ruleset_schema();

// What a value of this schema looks like, for "(expected ...)": "an integer from 2 to 8".
std::string describe_expected(const Schema& schema);

// Checks `root` against the format and reports every problem. With
// `check_required` false, missing required keys are not reported (used before
// option overlays are applied, since an overlay may supply them).
void validate_document(const DocNode& root, bool check_required, Diagnostics& diags);

// Reference renderers (json_schema.cc): JSON Schema (draft 2020-12) and Markdown.
std::string json_schema();
std::string schema_markdown();

}  // namespace hukum
