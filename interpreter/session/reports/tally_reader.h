// Reading a tally back from an untrusted result file: every access names its
// key path ("tally.wins[2]: expected a whole number") when the input is not
// what a tally writes. Shared by the tally (tally.cc) and the game-feel
// totals kept with it (game_feel.cc).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "session/reports/tally.h"

namespace hukum {

struct TallyReader {
  std::string path;
  const nlohmann::json& j;

  [[noreturn]] void fail(const std::string& what) const { throw std::runtime_error(path + ": " + what); }
  TallyReader at(const std::string& key) const {
    if (!j.is_object() || !j.contains(key)) fail("missing key '" + key + "'");
    return {path + "." + key, j.at(key)};
  }
  TallyReader at(size_t i) const {
    if (!j.is_array() || i >= j.size()) fail("expected an array of at least " + std::to_string(i + 1) + " entries");
    return {path + "[" + std::to_string(i) + "]", j.at(i)};
  }
  size_t size() const {
    if (!j.is_array()) fail("expected an array");
    return j.size();
  }
  int64_t integer(int64_t lo = 0, int64_t hi = INT64_MAX) const {
    if (!j.is_number_integer()) fail("expected a whole number");
    const int64_t v = j.get<int64_t>();
    if (v < lo || v > hi) fail("out of range");
    return v;
  }
  std::string string() const {
    if (!j.is_string()) fail("expected a string");
    return j.get<std::string>();
  }
  bool boolean() const {
    if (!j.is_boolean()) fail("expected true or false");
    return j.get<bool>();
  }
  Moments moments() const {
    if (size() != 3) fail("expected [n, sum, sum_of_squares]");
    return {at(0).integer(), at(1).integer(INT64_MIN), at(2).integer()};
  }
  // Values are bounded by what a tally can write: scores at ±kMaxHistogramScore
  // (simulate counts a score past it at the bound), match lengths up to
  // kMaxMatchDeals.
  Histogram histogram(int64_t low = -kMaxHistogramScore, int64_t high = kMaxHistogramScore) const {
    Histogram h;
    int64_t last = INT64_MIN, total = 0;
    for (size_t i = 0; i < size(); ++i) {
      TallyReader e = at(i);
      if (e.size() != 2) e.fail("expected [value, count]");
      // Values are scores of one deal or deal counts: a bound keeps a hostile
      // file from asking for a huge dense array. Each value once, in order, as
      // a tally writes them, and a total that fits: the counts cannot wrap.
      const int64_t value = e.at(0).integer(low, high), count = e.at(1).integer();
      if (value <= last) e.fail("expected the values in increasing order, each once");
      if (__builtin_add_overflow(total, count, &total)) e.fail("the counts add up past 2^63");
      last = value;
      h.add(int(value), count);
    }
    return h;
  }
  std::vector<int64_t> integers(size_t n) const {
    if (size() != n) fail("expected " + std::to_string(n) + " entries");
    std::vector<int64_t> v;
    for (size_t i = 0; i < n; ++i) v.push_back(at(i).integer());
    return v;
  }
  template <class T, class F>
  std::vector<T> list(size_t n, F f) const {
    if (size() != n) fail("expected " + std::to_string(n) + " entries");
    std::vector<T> v;
    for (size_t i = 0; i < n; ++i) v.push_back(f(at(i)));
    return v;
  }
};


}  // namespace hukum
