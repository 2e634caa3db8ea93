// prism-query sweep with a box and a capsule: the same query lines and output columns as the
// sphere sweep (`hit,toi,px,py,pz,nx,ny,nz,triangle,start_overlap`), the query's point being
// the body's centre; the capsule stands along --up (y by default for a mesh file).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "run_command.hpp"

namespace {

using prism_test::CommandRun;

CommandRun run(const std::string& args) { return prism_test::run_command(std::string(PRISM_QUERY_EXE) + " " + args); }

// In a folder of the running test's own (as PrismQueryHostile's): ctest runs each test as a
// process of its own, in parallel, and the fixture's files of one test must not be rewritten
// while another reads them.
std::string write(const std::string& name, const std::string& text) {
  const std::filesystem::path dir = std::filesystem::path(PRISM_TEST_OUTPUT_DIR) / "sweep" /
                                    ::testing::UnitTest::GetInstance()->current_test_info()->name();
  std::filesystem::create_directories(dir);
  const std::string path = (dir / name).string();
  std::ofstream(path) << text;
  return path;
}

std::vector<double> columns(const std::string& line) {
  std::vector<double> out;
  std::stringstream ss(line);
  for (std::string f; std::getline(ss, f, ',');) out.push_back(std::stod(f));
  return out;
}

// The square [-10, 10]^2 in the plane y = 0, facing +y (a mesh file: y is up).
const char* kFloor = "v -10 0 -10\nv -10 0 10\nv 10 0 10\nv 10 0 -10\nf 1 2 3\nf 1 3 4\n";

class PrismQuerySweep : public ::testing::Test {
 protected:
  std::string mesh_ = write("sweep_floor.obj", kFloor);
  std::string queries_ = write("sweep_drop.csv", "0.5,5,0.25,0,-10,0\n");

  std::vector<double> sweep(const std::string& body) {
    const CommandRun r = run("sweep " + body + " " + mesh_ + " " + queries_);
    EXPECT_EQ(r.status, 0) << r.out;
    const std::vector<double> c = columns(r.out);
    EXPECT_EQ(c.size(), 10u) << r.out;
    return c;
  }
};

}  // namespace

TEST_F(PrismQuerySweep, BoxDroppedOnTheFloorPrintsTheSphereColumns) {
  const auto c = sweep("--box 1,0.5,2");
  ASSERT_EQ(c.size(), 10u);
  EXPECT_EQ(c[0], 1);                 // hit
  EXPECT_NEAR(c[1], 0.45, 1e-7);      // (5 - 0.5) / 10
  EXPECT_NEAR(c[3], 0.0, 1e-7);       // contact point on the floor
  EXPECT_EQ(c[6], 1);                 // normal +y
  EXPECT_EQ(c[9], 0);                 // no start overlap
}

TEST_F(PrismQuerySweep, CapsuleStandsAlongUp) {
  auto c = sweep("--capsule 0.5,1");  // a mesh file: y is up
  ASSERT_EQ(c.size(), 10u);
  EXPECT_NEAR(c[1], 0.35, 1e-7);  // (5 - 1 - 0.5) / 10
  EXPECT_EQ(c[6], 1);
  c = sweep("--capsule 0.5,1 --up x");  // lying along x: lands on its side
  ASSERT_EQ(c.size(), 10u);
  EXPECT_NEAR(c[1], 0.45, 1e-7);
}

TEST_F(PrismQuerySweep, SphereSweepIsUnchanged) {
  const auto c = sweep("--sphere 0.5");
  ASSERT_EQ(c.size(), 10u);
  EXPECT_NEAR(c[1], 0.45, 1e-7);
}

TEST_F(PrismQuerySweep, ShapeOptionsAreExclusiveAndChecked) {
  for (const char* bad : {"--box 1,1,1 --sphere 1", "--box 1,1,1 --capsule 1,1", "--capsule 1,1 --ellipsoid 1,1,1",
                          "--box 1,1", "--box 1,-1,1", "--capsule 1", "--capsule 0,1", "--capsule 1,-1",
                          "--box 1,1,1 --up z", "--capsule 1,1 --up w", ""}) {
    const CommandRun r = run(std::string("sweep ") + bad + " " + mesh_ + " " + queries_);
    EXPECT_NE(r.status, 0) << bad << "\n" << r.out;
    std::stringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) {
      EXPECT_LT(std::count(line.begin(), line.end(), ','), 9) << bad << ": printed a result\n" << r.out;
    }
  }
}

// --threads splits the queries over threads (collision/batch.hpp): the output is the same bytes
// as one thread's, for sweeps and rays, on a real map.
TEST(PrismQueryThreads, SweepAndRayPrintTheSameLinesOnAnyThreadCount) {
  const CommandRun q = run("random oa_dm1 --count 20000 --seed 5");
  ASSERT_EQ(q.status, 0) << q.out;
  const std::string queries = write("threads_queries.csv", q.out);
  for (const std::string cmd : {"sweep --sphere 16", "sweep --box 15,15,28", "ray"}) {
    const CommandRun one = run(cmd + " oa_dm1 " + queries + " --threads 1");
    ASSERT_EQ(one.status, 0) << cmd << ": " << one.out;
    ASSERT_GT(std::count(one.out.begin(), one.out.end(), '\n'), 19999) << cmd;
    for (const char* t : {"2", "3", "0"}) {
      const CommandRun many = run(cmd + " oa_dm1 " + queries + " --threads " + t);
      ASSERT_EQ(many.status, 0) << cmd;
      EXPECT_TRUE(many.out == one.out) << cmd << " --threads " << t << " differs from --threads 1";
    }
  }
}

// --stats names a map's movers by class (issue 40); the World stays model 0, and a mesh file,
// which has none, prints no such line.
TEST(PrismQueryStats, StatsCountsTheMapsMoversByClass) {
  const std::string queries = write("stats_one.csv", "0,0,0,0,0,-1\n");
  const CommandRun map = run("ray oa_dm1 " + queries + " --stats");
  EXPECT_EQ(map.status, 0) << map.out;
  EXPECT_NE(map.out.find("movers: 6 (func_door 4, func_button 2), 72 triangles, not in the world\n"),
            std::string::npos)
      << map.out;
  const CommandRun mesh = run("ray " + write("stats_floor.obj", kFloor) + " " + queries + " --stats");
  EXPECT_EQ(mesh.status, 0) << mesh.out;
  EXPECT_EQ(mesh.out.find("movers:"), std::string::npos) << mesh.out;
}
