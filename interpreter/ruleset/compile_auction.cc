// The numeric auction's spelling: `- auction` in `deal:` with the top-level
// key `auction: {opener, min_bid, max_bid, opener_must_bid, reentry,
// partner_overcall_min, passes_to_end}` is the calls row with the engine's own
// bids, `calls: {calls: {word: bid, from: min_bid, to: max_bid}, ...}` with
// the other keys as they are. One engine path for every auction; rulesets
// written with the older key keep loading, with their errors at their keys.
#include "ruleset/loader.h"
#include "ruleset/step_kind.h"

namespace hukum {

DocNodePtr auction_as_calls(const DocNode& auction) {
  auto entry = [](const std::string& key, SourcePos pos, DocNodePtr value) { return DocEntry{key, pos, std::move(value)}; };
  auto range = std::make_shared<DocNode>();
  range->kind = DocNode::Map;
  range->pos = auction.pos;
  auto word = std::make_shared<DocNode>();
  word->kind = DocNode::Scalar;
  word->scalar = "bid";
  word->pos = auction.pos;
  range->map.push_back(entry("word", auction.pos, word));
  const DocEntry* min = auction.find_entry("min_bid");
  const DocEntry* max = auction.find_entry("max_bid");
  if (min) range->map.push_back(entry("from", min->key_pos, min->value));
  // A max_bid below min_bid is reported at auction.max_bid (compile_auction), once.
  const bool max_below = min && max && std::stoi(max->value->scalar) < std::stoi(min->value->scalar);
  if (max) range->map.push_back(entry("to", max->key_pos, max_below ? min->value : max->value));
  auto out = std::make_shared<DocNode>();
  out->kind = DocNode::Map;
  out->pos = auction.pos;
  out->origin_path = auction.origin_path;
  out->map.push_back(entry("calls", auction.pos, range));
  for (const char* key : {"opener", "opener_must_bid", "reentry", "partner_overcall_min", "passes_to_end"})
    if (const DocEntry* e = auction.find_entry(key)) out->map.push_back(*e);
  return out;
}

}  // namespace hukum
