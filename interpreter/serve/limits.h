// What one `hukum serve` will hold at most, so that no client can make it
// grow without bound: tables, request bodies, requests per second, idle time.
// Each is a flag of `hukum serve` (docs/web-table.md lists them).
#pragma once

#include <cstddef>

namespace hukum::serve {

struct Limits {
  int max_tables = 32;                   // tables at once; one more is refused with 503
  size_t max_body = 256 * 1024;          // bytes of a request body (an uploaded ruleset); 413 beyond
  double requests_per_second = 40;       // per client address, on average...
  double burst = 80;                     // ...with this many at once; 429 beyond
  int idle_seconds = 900;                // a table no person's page has asked about for this long ends
  int bot_delay_ms = 500;                // between two bot moves, so people can follow them
  int threads = 16;                      // HTTP worker threads
  // A page's request for its view may wait this long for the next change
  // (a long poll), and at most half the worker threads wait at once: a
  // request beyond that is answered at once and the page asks again later.
  int max_wait_ms = 2000;
  int read_timeout_seconds = 5;          // a connection that sends nothing for this long is closed
};

}  // namespace hukum::serve
