/// @file mesh_file.cpp
/// Mesh files (OBJ, glTF 2, PLY, STL, 3DS, ...) through Assimp.
///
/// Only triangulation and vertex joining are asked of Assimp: neither moves a coordinate. Node
/// transforms are applied (a mesh placed by its node is where the file puts it); an identity
/// transform leaves every coordinate bit-for-bit as read.

#include <cstdint>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include "collision_io/level.hpp"

namespace collision::io {
namespace {

/// A scene graph larger than this is treated as corrupt (it guards the walk, not real files).
constexpr std::size_t kMaxNodes = std::size_t{1} << 22;

/// Exactly the identity (Assimp's own IsIdentity() allows 1e-2 off, which would drop a small
/// translation).
bool is_identity(const aiMatrix4x4& m) { return m == aiMatrix4x4(); }

}  // namespace

Level load_mesh_file(const std::string& path) {
  Assimp::Importer importer;
  const aiScene* scene = nullptr;
  try {
    scene = importer.ReadFile(path, aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                                        aiProcess_ValidateDataStructure);
  } catch (const std::exception& e) {
    throw LoadError(path + ": Assimp failed: " + e.what());
  }
  if (scene == nullptr) {
    throw LoadError(path + ": Assimp cannot read it: " + importer.GetErrorString());
  }
  if (scene->mRootNode == nullptr) throw LoadError(path + ": Assimp returned a scene without nodes");

  std::vector<glm::vec3> positions;
  std::vector<glm::uvec3> indices;
  std::vector<std::pair<const aiNode*, aiMatrix4x4>> stack{{scene->mRootNode, scene->mRootNode->mTransformation}};
  std::size_t visited = 0;
  while (!stack.empty()) {
    const auto [node, transform] = stack.back();
    stack.pop_back();
    if (++visited > kMaxNodes) throw LoadError(path + ": scene graph has too many nodes");
    const bool identity = is_identity(transform);
    for (unsigned k = 0; k < node->mNumMeshes; ++k) {
      const unsigned mesh_index = node->mMeshes[k];
      if (mesh_index >= scene->mNumMeshes || scene->mMeshes[mesh_index] == nullptr) {
        throw LoadError(path + ": node names mesh " + std::to_string(mesh_index) + " of " +
                        std::to_string(scene->mNumMeshes));
      }
      const aiMesh* mesh = scene->mMeshes[mesh_index];
      if (mesh->mVertices == nullptr || mesh->mNumVertices == 0) continue;
      const std::size_t base = positions.size();
      if (base + mesh->mNumVertices > UINT32_MAX) throw LoadError(path + ": too many vertices");
      for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
        aiVector3D p = mesh->mVertices[v];
        if (!identity) p = transform * p;
        positions.emplace_back(p.x, p.y, p.z);
      }
      for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
        const aiFace& face = mesh->mFaces[f];
        if (face.mNumIndices != 3 || face.mIndices == nullptr) continue;  // points and lines
        std::uint32_t corner[3];
        for (unsigned c = 0; c < 3; ++c) {
          if (face.mIndices[c] >= mesh->mNumVertices) {
            throw LoadError(path + ": mesh " + std::to_string(mesh_index) + " face " +
                            std::to_string(f) + " has an index out of range");
          }
          corner[c] = static_cast<std::uint32_t>(base + face.mIndices[c]);
        }
        indices.emplace_back(corner[0], corner[1], corner[2]);
      }
    }
    for (unsigned c = 0; c < node->mNumChildren; ++c) {
      const aiNode* child = node->mChildren[c];
      if (child != nullptr) stack.emplace_back(child, transform * child->mTransformation);
    }
  }
  if (indices.empty()) throw LoadError(path + ": the scene holds no triangles");

  Level level;
  level.source = path;
  level.up = glm::vec3(0.0f, 1.0f, 0.0f);
  try {
    level.mesh = collision::make_mesh(std::move(positions), indices);
  } catch (const std::exception& e) {
    throw LoadError(path + ": building the mesh: " + e.what());
  }
  if (level.mesh.out_of_domain_count > 0) {
    throw LoadError(path + ": " + std::to_string(level.mesh.out_of_domain_count) + " of " +
                    std::to_string(indices.size()) + " triangles have a corner beyond +-2^40 " +
                    "(about 1.1e12, the collision core's input domain, collision/domain.hpp)");
  }
  if (level.mesh.triangle_count() == 0) {
    throw LoadError(path + ": all " + std::to_string(indices.size()) +
                    " triangles are degenerate (zero area or non-finite corners)");
  }
  return level;
}

}  // namespace collision::io
