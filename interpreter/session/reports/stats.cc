// Interval estimates for the simulation report (see stats.h).
#include "session/reports/stats.h"

#include <algorithm>
#include <cmath>

namespace hukum {

Estimate wilson(double p, double nn) {
  if (!(nn > 0)) return {0, 0, 1};
  p = std::clamp(p, 0.0, 1.0);
  const double z2 = kZ95 * kZ95;
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = kZ95 / (1 + z2 / nn) * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
  // At 0 and 1 the interval touches the bound exactly (no rounding residue).
  return {p, p == 0 ? 0.0 : std::clamp(centre - half, 0.0, p), p == 1 ? 1.0 : std::clamp(centre + half, p, 1.0)};
}

Estimate rate_estimate(int64_t hits, int64_t n) {
  if (n <= 0) return {0, 0, 1};
  return wilson(hits == n ? 1.0 : double(hits) / double(n), double(n));
}

Estimate bounded_mean_estimate(double n, double sum, double sum_squares) {
  if (!(n > 0)) return {0, 0, 1};
  const double m = std::clamp(sum / n, 0.0, 1.0);
  // Values all at a bound: nothing is known of their spread but that it is
  // at most a coin's, so the interval is the plain rate's (0 of n: [0, 3.8/n]).
  if (m <= 0 || m >= 1 || n < 2) return wilson(m, n);
  const double var = std::max(0.0, (sum_squares - sum * sum / n) / (n - 1));
  const double deff = var / (m * (1 - m));
  if (deff <= 0) return {m, m, m};  // every value the same, inside the bounds
  return wilson(m, n / deff);
}

double standard_error(int64_t n, int64_t sum, int64_t sum_squares) {
  if (n < 2) return 0;
  // Sums are exact integers; the variance is formed in long double so the
  // subtraction does not lose the small spread of large sums.
  const long double nn = n, s = sum, ss = sum_squares;
  long double var = (ss - s * s / nn) / (nn - 1);
  if (var < 0) var = 0;
  return double(std::sqrt(var / nn));
}

Estimate mean_estimate(int64_t n, int64_t sum, int64_t sum_squares) {
  if (n <= 0) return {};
  const double mean = double(sum) / double(n);
  const double half = kZ95 * standard_error(n, sum, sum_squares);
  return {mean, mean - half, mean + half};
}

Difference difference(double a, double se_a, double b, double se_b) {
  Difference d;
  const double delta = b - a, se = std::sqrt(se_a * se_a + se_b * se_b);
  d.delta = {delta, delta - kZ95 * se, delta + kZ95 * se};
  if (se > 0) {
    d.p_value = std::erfc(std::fabs(delta) / se / std::sqrt(2.0));
  } else {
    d.p_value = delta == 0 ? 1 : 0;
  }
  d.significant = d.delta.low > 0 || d.delta.high < 0;
  return d;
}

Difference rate_difference(int64_t ha, int64_t na, int64_t hb, int64_t nb) {
  Difference d;
  if (na <= 0 || nb <= 0) return d;
  const Estimate a = rate_estimate(ha, na), b = rate_estimate(hb, nb);
  const double delta = b.value - a.value;
  d.delta = {delta, delta - std::sqrt((b.value - b.low) * (b.value - b.low) + (a.high - a.value) * (a.high - a.value)),
             delta + std::sqrt((b.high - b.value) * (b.high - b.value) + (a.value - a.low) * (a.value - a.low))};
  d.delta.low = std::max(-1.0, d.delta.low), d.delta.high = std::min(1.0, d.delta.high);
  const double se = std::sqrt(a.value * (1 - a.value) / double(na) + b.value * (1 - b.value) / double(nb));
  d.p_value = se > 0 ? std::erfc(std::fabs(delta) / se / std::sqrt(2.0)) : (delta == 0 ? 1 : 0);
  d.significant = d.delta.low > 0 || d.delta.high < 0;
  return d;
}

}  // namespace hukum
