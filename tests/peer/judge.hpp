#pragma once
/// @file judge.hpp
/// Verdicts on one query's result against the exact reference: exact (within the distance
/// tolerance), explained by a grazing band, or wrong.

#include <cmath>

#include "exact_reference.hpp"

namespace prism::peer {

enum class Verdict {
  kExact,       ///< same hit or miss, hit distance within the tolerance
  kWithinBand,  ///< differs, but only by what a band of `band` units around the surface allows
  kWrong,
};

/// A sweep that does not start in contact. `stops_at_band`: the method may report its contact
/// anywhere the gap is under the band (Bullet's conservative advancement stops at a gap of
/// 1e-3), so any time after the first one where some triangle is within radius + band is fine.
inline Verdict judge_sweep(const SweepReference& ref, double radius, double band, bool hit,
                           double toi, double length, double tol, bool stops_at_band) {
  if (hit == ref.hit && (!hit || std::abs(toi - ref.toi) * length <= tol)) return Verdict::kExact;
  if (!hit) return ref.firm_hit ? Verdict::kWrong : Verdict::kWithinBand;
  if (!ref.hit && !(ref.closest_approach <= radius + band)) return Verdict::kWrong;
  const double lower =
      stops_at_band ? ref.band_any_toi : std::min(ref.hit ? ref.toi : 1.0, ref.band_toi);
  const double upper = ref.firm_hit ? ref.firm_toi : 1.0;
  if (toi * length >= lower * length - tol && toi * length <= upper * length + tol) {
    return Verdict::kWithinBand;
  }
  return Verdict::kWrong;
}

/// A segment cast. `bullet`: allow Bullet's relative edge tolerance (RayReference::t_loose_bullet).
inline Verdict judge_ray(const RayReference& ref, bool hit, double t, double length, double tol,
                         bool bullet) {
  if (hit == ref.hit && (!hit || std::abs(t - ref.t) * length <= tol)) return Verdict::kExact;
  if (!hit) return ref.t_strict == kInfinity ? Verdict::kWithinBand : Verdict::kWrong;
  const double lo = bullet ? ref.t_loose_bullet : ref.t_loose;
  if (lo == kInfinity) return Verdict::kWrong;
  if (t * length >= lo * length - tol &&
      (ref.t_strict == kInfinity || t * length <= ref.t_strict * length + tol)) {
    return Verdict::kWithinBand;
  }
  return Verdict::kWrong;
}

}  // namespace prism::peer
