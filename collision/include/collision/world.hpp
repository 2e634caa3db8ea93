#pragma once
/// @file world.hpp
/// A static collision world: a triangle mesh and its BVH.

#include <utility>

#include "collision/bvh.hpp"
#include "collision/mesh.hpp"

namespace collision {

class World {
 public:
  explicit World(TriangleMesh mesh, const BvhBuildOptions& options = {})
      : mesh_(std::move(mesh)), bvh_(build_bvh(mesh_, options)) {}

  const TriangleMesh& mesh() const { return mesh_; }
  const Bvh& bvh() const { return bvh_; }

 private:
  TriangleMesh mesh_;
  Bvh bvh_;
};

}  // namespace collision
