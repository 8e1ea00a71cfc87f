// How long a run may be: the number of deals a command or a ruleset may ask
// for. Memory does not grow with the number of deals (nothing per deal is
// kept), so these bound time and the size of what is written, and keep every
// count inside an int. The values and messages are in docs/limits.md.
#pragma once

namespace hukum {

// `simulate --deals`, `bench --deals`: a tally only, whatever the count.
constexpr long kMaxSimulateDeals = 100'000'000;
// `play --deals` and a ruleset's `match: {deals: N}`: what a game log may hold
// and `replay` reads back (a log header's `deals` is checked against it).
constexpr int kMaxMatchDeals = 1'000'000;
// `simulate --shard K/N`: N, and so the shards `merge` keeps track of.
constexpr int kMaxShards = 1'000'000;

}  // namespace hukum
