#include "exact_reference.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

namespace prism::peer {

glm::dvec3 closest_point(const glm::dvec3& p, const glm::dvec3& a, const glm::dvec3& b,
                         const glm::dvec3& c) {
  const glm::dvec3 ab = b - a, ac = c - a, ap = p - a;
  const double d1 = glm::dot(ab, ap), d2 = glm::dot(ac, ap);
  if (d1 <= 0.0 && d2 <= 0.0) return a;
  const glm::dvec3 bp = p - b;
  const double d3 = glm::dot(ab, bp), d4 = glm::dot(ac, bp);
  if (d3 >= 0.0 && d4 <= d3) return b;
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) return a + ab * (d1 / (d1 - d3));
  const glm::dvec3 cp = p - c;
  const double d5 = glm::dot(ab, cp), d6 = glm::dot(ac, cp);
  if (d6 >= 0.0 && d5 <= d6) return c;
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) return a + ac * (d2 / (d2 - d6));
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0) {
    return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
  }
  const double denom = 1.0 / (va + vb + vc);
  return a + ab * (vb * denom) + ac * (vc * denom);
}

ReferenceMesh::ReferenceMesh(const collision::TriangleMesh& mesh, const glm::dvec3& scale)
    : scale_(scale) {
  glm::dvec3 lo(kInfinity), hi(-kInfinity);
  for (std::size_t i = 0; i < mesh.triangle_count(); ++i) {
    if (!mesh.solid(i)) continue;
    const collision::Triangle t = mesh.triangle(i);
    ReferenceTriangle r;
    r.a = glm::dvec3(t.a) * scale;
    r.b = glm::dvec3(t.b) * scale;
    r.c = glm::dvec3(t.c) * scale;
    r.lo = glm::min(r.a, glm::min(r.b, r.c));
    r.hi = glm::max(r.a, glm::max(r.b, r.c));
    r.index = static_cast<std::uint32_t>(i);
    lo = glm::min(lo, r.lo);
    hi = glm::max(hi, r.hi);
    triangles_.push_back(r);
  }
  if (triangles_.empty()) return;
  // About 96 cells along the longest axis; coarse enough that big floor triangles stay cheap.
  const glm::dvec3 extent = hi - lo;
  cell_ = std::max({extent.x, extent.y, extent.z}) / 96.0;
  if (!(cell_ > 0.0)) cell_ = 1.0;
  origin_ = lo;
  for (int k = 0; k < 3; ++k) dims_[k] = std::max(1, static_cast<int>(extent[k] / cell_) + 1);
  const std::size_t cells = static_cast<std::size_t>(dims_[0]) * dims_[1] * dims_[2];
  std::vector<std::uint32_t> counts(cells + 1, 0);
  auto for_cells = [&](const ReferenceTriangle& r, auto&& fn) {
    int c0[3], c1[3];
    for (int k = 0; k < 3; ++k) {
      c0[k] = std::clamp(static_cast<int>((r.lo[k] - origin_[k]) / cell_), 0, dims_[k] - 1);
      c1[k] = std::clamp(static_cast<int>((r.hi[k] - origin_[k]) / cell_), 0, dims_[k] - 1);
    }
    for (int z = c0[2]; z <= c1[2]; ++z)
      for (int y = c0[1]; y <= c1[1]; ++y)
        for (int x = c0[0]; x <= c1[0]; ++x)
          fn((static_cast<std::size_t>(z) * dims_[1] + y) * dims_[0] + x);
  };
  for (const auto& r : triangles_) for_cells(r, [&](std::size_t k) { ++counts[k + 1]; });
  for (std::size_t k = 0; k < cells; ++k) counts[k + 1] += counts[k];
  cell_start_ = counts;
  cell_items_.resize(counts[cells]);
  for (std::uint32_t i = 0; i < triangles_.size(); ++i) {
    for_cells(triangles_[i], [&](std::size_t k) { cell_items_[counts[k]++] = i; });
  }
  stamp_.assign(triangles_.size(), 0);
}

void ReferenceMesh::candidates(const glm::dvec3& lo, const glm::dvec3& hi,
                               std::vector<std::uint32_t>& out) const {
  out.clear();
  if (triangles_.empty()) return;
  auto overlaps = [&](const ReferenceTriangle& r) {
    return r.lo.x <= hi.x && lo.x <= r.hi.x && r.lo.y <= hi.y && lo.y <= r.hi.y &&
           r.lo.z <= hi.z && lo.z <= r.hi.z;
  };
  int c0[3], c1[3];
  double cells = 1.0;
  for (int k = 0; k < 3; ++k) {
    const double a = std::floor((lo[k] - origin_[k]) / cell_);
    const double b = std::floor((hi[k] - origin_[k]) / cell_);
    if (b < 0.0 || a > dims_[k] - 1) return;  // entirely outside the grid
    c0[k] = static_cast<int>(std::max(a, 0.0));
    c1[k] = static_cast<int>(std::min(b, static_cast<double>(dims_[k] - 1)));
    cells *= c1[k] - c0[k] + 1;
  }
  if (cells * 4.0 > static_cast<double>(triangles_.size())) {
    for (std::uint32_t i = 0; i < triangles_.size(); ++i) {
      if (overlaps(triangles_[i])) out.push_back(i);
    }
    return;
  }
  if (++stamp_now_ == 0) {
    std::fill(stamp_.begin(), stamp_.end(), 0u);
    stamp_now_ = 1;
  }
  for (int z = c0[2]; z <= c1[2]; ++z) {
    for (int y = c0[1]; y <= c1[1]; ++y) {
      for (int x = c0[0]; x <= c1[0]; ++x) {
        const std::size_t k = (static_cast<std::size_t>(z) * dims_[1] + y) * dims_[0] + x;
        for (std::uint32_t j = cell_start_[k]; j < cell_start_[k + 1]; ++j) {
          const std::uint32_t i = cell_items_[j];
          if (stamp_[i] == stamp_now_) continue;
          stamp_[i] = stamp_now_;
          if (overlaps(triangles_[i])) out.push_back(i);
        }
      }
    }
  }
  std::sort(out.begin(), out.end());
}

namespace {

/// What one triangle does to one swept sphere.
struct TriangleSweep {
  double start_distance = kInfinity;
  double approach = kInfinity;   ///< min distance over the move (a lower bound when pruned)
  bool contact = false;          ///< approach <= radius
  double t_contact = 1.0;
  bool in_band = false;          ///< approach within radius + band
  double t_band = 1.0;           ///< first time the distance is within radius + band
};

/// Bisection for the first t in [lo, hi] with f(t) <= level, given f(lo) > level >= f(hi) and f
/// non-increasing on [lo, hi] (true on [0, t_min] for a convex f).
template <typename F>
double first_below(const F& f, double lo, double hi, double level, double length) {
  for (int i = 0; i < 200 && (hi - lo) * length > 1e-11; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (f(mid) <= level) hi = mid; else lo = mid;
  }
  return hi;
}

TriangleSweep sweep_triangle(const ReferenceTriangle& tri, const glm::dvec3& center, double radius,
                             const glm::dvec3& delta, double length, double band) {
  // Relative to corner a: fewer cancellations far from the origin.
  const glm::dvec3 a(0.0), b = tri.b - tri.a, c = tri.c - tri.a, p0 = center - tri.a;
  auto f = [&](double t) {
    const glm::dvec3 p = p0 + t * delta;
    return glm::length(p - closest_point(p, a, b, c));
  };
  TriangleSweep out;
  out.start_distance = f(0.0);
  if (out.start_distance < radius) {
    out.approach = out.start_distance;
    out.contact = out.in_band = true;
    out.t_contact = out.t_band = 0.0;
    return out;
  }
  // f is 1-Lipschitz in the path length: a triangle far from the middle of the move is far from
  // all of it.
  const double mid = f(0.5);
  if (mid - 0.5 * length > radius + band) {
    out.approach = mid - 0.5 * length;
    return out;
  }
  // Golden-section search for the minimum of the convex f on [0, 1].
  constexpr double kGolden = 0.6180339887498949;
  double lo = 0.0, hi = 1.0;
  double x1 = hi - kGolden * (hi - lo), x2 = lo + kGolden * (hi - lo);
  double f1 = f(x1), f2 = f(x2);
  for (int i = 0; i < 200 && (hi - lo) * length > 1e-11; ++i) {
    if (f1 <= f2) {
      hi = x2; x2 = x1; f2 = f1;
      x1 = hi - kGolden * (hi - lo);
      f1 = f(x1);
    } else {
      lo = x1; x1 = x2; f1 = f2;
      x2 = lo + kGolden * (hi - lo);
      f2 = f(x2);
    }
  }
  double t_min = f1 <= f2 ? x1 : x2;
  double f_min = std::min(f1, f2);
  const double f_end = f(1.0);
  if (f_end < f_min) { t_min = 1.0; f_min = f_end; }
  if (mid < f_min) { t_min = 0.5; f_min = mid; }
  out.approach = f_min;
  if (f_min <= radius + band) {
    out.in_band = true;
    out.t_band = out.start_distance <= radius + band
                     ? 0.0
                     : first_below(f, 0.0, t_min, radius + band, length);
  }
  if (f_min <= radius) {
    out.contact = true;
    out.t_contact = first_below(f, 0.0, t_min, radius, length);
  }
  return out;
}

}  // namespace

SweepReference reference_sweep(const ReferenceMesh& mesh, const glm::dvec3& center, double radius,
                               const glm::dvec3& delta, double band) {
  SweepReference out;
  const double reach = radius + band + 1.0;
  const glm::dvec3 end = center + delta;
  const glm::dvec3 lo = glm::min(center, end) - reach, hi = glm::max(center, end) + reach;
  thread_local std::vector<std::uint32_t> cand;
  mesh.candidates(lo, hi, cand);
  const double length = glm::length(delta);
  double band_toi = 1.0;
  for (const std::uint32_t i : cand) {
    const ReferenceTriangle& tri = mesh.triangles()[i];
    const TriangleSweep s = sweep_triangle(tri, center, radius, delta, length, band);
    out.start_distance = std::min(out.start_distance, s.start_distance);
    out.closest_approach = std::min(out.closest_approach, s.approach);
    if (s.approach < radius - band) {
      out.firm_hit = true;
      out.firm_toi = std::min(out.firm_toi, s.t_contact);
    }
    if (s.in_band && s.approach >= radius - band) band_toi = std::min(band_toi, s.t_band);
    if (s.in_band) out.band_any_toi = std::min(out.band_any_toi, s.t_band);
    if (s.contact && (!out.hit || s.t_contact < out.toi ||
                      (s.t_contact == out.toi && tri.index < out.triangle))) {
      out.hit = true;
      out.toi = s.t_contact;
      out.triangle = tri.index;
    }
  }
  out.start_overlap = out.start_distance < radius;
  out.grazing = !out.firm_hit && out.closest_approach <= radius + band;
  out.band_toi = band_toi;
  if (out.hit) {
    for (const std::uint32_t i : cand) {
      const ReferenceTriangle& tri = mesh.triangles()[i];
      if (tri.index != out.triangle) continue;
      const glm::dvec3 p = center + out.toi * delta;
      const glm::dvec3 q = closest_point(p, tri.a, tri.b, tri.c);
      const double len = glm::length(p - q);
      if (len > 0.0) out.normal = (p - q) / len;
    }
  }
  return out;
}

double reference_distance(const ReferenceMesh& mesh, const glm::dvec3& p, double reach) {
  thread_local std::vector<std::uint32_t> cand;
  mesh.candidates(p - reach, p + reach, cand);
  double best = kInfinity;
  for (const std::uint32_t i : cand) {
    const ReferenceTriangle& tri = mesh.triangles()[i];
    const double d = glm::length(p - closest_point(p, tri.a, tri.b, tri.c));
    if (d <= reach) best = std::min(best, d);
  }
  return best;
}

RayReference reference_ray(const ReferenceMesh& mesh, const glm::dvec3& origin,
                           const glm::dvec3& delta, double band) {
  RayReference out;
  const glm::dvec3 end = origin + delta;
  thread_local std::vector<std::uint32_t> cand;
  mesh.candidates(glm::min(origin, end) - band, glm::max(origin, end) + band, cand);
  for (const std::uint32_t i : cand) {
    const ReferenceTriangle& tri = mesh.triangles()[i];
    const glm::dvec3 ab = tri.b - tri.a, ac = tri.c - tri.a;
    const glm::dvec3 n = glm::cross(ab, ac);
    const double n_len = glm::length(n);
    const double nd = glm::dot(n, delta);
    if (std::abs(nd) <= 1e-12 * n_len * glm::length(delta)) continue;  // parallel: no crossing
    const double t = glm::dot(n, tri.a - origin) / nd;
    if (!(t >= 0.0 && t <= 1.0)) continue;
    const glm::dvec3 p = origin + t * delta;
    // Signed in-plane distance of p to each edge line, positive towards the opposite corner,
    // and the corner's height over that edge.
    const glm::dvec3 corners[3] = {tri.a, tri.b, tri.c};
    double inside = kInfinity, inside_bullet = kInfinity;
    for (int k = 0; k < 3; ++k) {
      const glm::dvec3& e0 = corners[k];
      const glm::dvec3& e1 = corners[(k + 1) % 3];
      const glm::dvec3 edge = e1 - e0;
      const double edge_len = glm::length(edge);
      const double s = glm::dot(glm::cross(edge, p - e0), n) / (n_len * edge_len);
      const double height = n_len / edge_len;
      inside = std::min(inside, s);
      inside_bullet = std::min(inside_bullet, s + 1e-4 * height);
    }
    if (inside >= 0.0 && (t < out.t || (t == out.t && tri.index < out.triangle))) {
      out.hit = true;
      out.t = t;
      out.triangle = tri.index;
    }
    if (inside >= band) out.t_strict = std::min(out.t_strict, t);
    if (inside >= -band) out.t_loose = std::min(out.t_loose, t);
    if (inside_bullet >= -band) out.t_loose_bullet = std::min(out.t_loose_bullet, t);
  }
  return out;
}

}  // namespace prism::peer
