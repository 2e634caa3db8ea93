#!/usr/bin/env python3
"""Writes assets/default_scene.obj: one small level with every known failure case of character
collision (tunnelling, acute corners and creases, jitter against walls, ghost hits on the seams of
coplanar triangles, stairs and slopes, starting in contact, precision far from the origin), for
the debugger's default scene.

Units are metres, Y is up (an OBJ's usual convention; Assimp and the debugger read it as Y-up).
A body of radius 0.4 (height 0.8) walks it: step height 0.45, max slope 45 degrees.
Every solid is closed except where it stands on the floor; triangles wind counter-clockwise
seen from outside. The spawn is stored in a comment line the debugger reads:
  # prism-spawn X Y Z YAW_DEGREES

Layout seen from above (x right, z down the page):
  stairs up and down (a stepped pyramid) at x 3..11 east of the spawn, a thin wall at x 14,
  ramps at 30, 45 and 60 degrees to the south-west, an acute wedge corner to the south-east,
  a box to the north-west, a low ceiling and pillars to the north, creases at the room's corners,
  a spike on a post to the south-west (for a box body: assets/default_box.walk).
  The whole floor is tiled from 1 m cells (2,048 coplanar triangles: seams everywhere).

Run: python3 tools/make_default_scene.py > assets/default_scene.obj
"""
import math
import sys

V = []  # vertices
F = []  # triangles (1-based indices)
groups = []


INDEX = {}


def vert(p):
    key = tuple(round(c, 4) for c in p)
    if key not in INDEX:
        V.append(key)
        INDEX[key] = len(V)
    return INDEX[key]


def tri(a, b, c):
    F.append((vert(a), vert(b), vert(c)))


def quad(a, b, c, d):
    """Counter-clockwise seen from the front."""
    tri(a, b, c)
    tri(a, c, d)


def group(name):
    F.append(('g', name))


def box(x0, y0, z0, x1, y1, z1, bottom=False):
    p = [(x0, y0, z0), (x1, y0, z0), (x1, y0, z1), (x0, y0, z1),
         (x0, y1, z0), (x1, y1, z0), (x1, y1, z1), (x0, y1, z1)]
    quad(p[4], p[7], p[6], p[5])  # top (+y)
    if bottom:
        quad(p[0], p[1], p[2], p[3])
    quad(p[0], p[4], p[5], p[1])  # -z
    quad(p[2], p[6], p[7], p[3])  # +z
    quad(p[1], p[5], p[6], p[2])  # +x
    quad(p[3], p[7], p[4], p[0])  # -x


def floor(x0, z0, x1, z1, n):
    dx, dz = (x1 - x0) / n, (z1 - z0) / n
    for i in range(n):
        for j in range(n):
            ax, az = x0 + dx * i, z0 + dz * j
            quad((ax, 0, az), (ax, 0, az + dz), (ax + dx, 0, az + dz), (ax + dx, 0, az))


def ramp(x0, x1, z0, height, degrees):
    """A wedge rising along +z from z0 at `degrees`, then a vertical back face."""
    run = height / math.tan(math.radians(degrees))
    z1 = z0 + run
    a, b = (x0, 0, z0), (x1, 0, z0)
    c, d = (x1, height, z1), (x0, height, z1)
    quad(a, d, c, b)  # the slope, facing up and towards -z
    e, f = (x0, 0, z1), (x1, 0, z1)
    tri(a, e, d)  # -x side
    tri(b, c, f)  # +x side
    quad(e, f, c, d)  # back (+z)


def pillar(cx, cz, radius, height, sides=8):
    pts = [(cx + radius * math.cos(2 * math.pi * k / sides),
            cz + radius * math.sin(2 * math.pi * k / sides)) for k in range(sides)]
    for k in range(sides):
        (ax, az), (bx, bz) = pts[k], pts[(k + 1) % sides]
        quad((ax, 0, az), (ax, height, az), (bx, height, bz), (bx, 0, bz))
    top = (cx, height, cz)
    for k in range(sides):
        (ax, az), (bx, bz) = pts[k], pts[(k + 1) % sides]
        tri(top, (bx, height, bz), (ax, height, az))


def wall(a, b, height):
    """A thin (zero-thickness) wall from a to b on the floor: one quad, both faces collide."""
    quad((a[0], 0, a[1]), (b[0], 0, b[1]), (b[0], height, b[1]), (a[0], height, a[1]))


H = 16.0
group('floor_tiled')
floor(-H, -H, H, H, 32)
group('room_walls')  # creases at each corner
wall((-H, -H), (H, -H), 3)
wall((H, -H), (H, H), 3)
wall((H, H), (-H, H), 3)
wall((-H, H), (-H, -H), 3)
group('stairs_up_and_down')  # 6 steps of 0.2 m rise and 0.5 m run, up then down, along +x
for i in range(6):
    box(3 + 0.5 * i, 0, -1.5, 11 - 0.5 * i, 0.2 * (i + 1), 1.5)
group('thin_wall')
wall((14, -3), (14, 3), 2.5)
group('ramps_30_45_60')  # rising along +z, 1.5 m high
ramp(-11, -9, 4, 1.5, 30)
ramp(-8, -6, 4, 1.5, 45)
ramp(-5, -3, 4, 1.5, 60)
group('acute_wedge_corner')  # two walls meeting at 30 degrees, open towards -x
tip = (12.0, 9.0)
for ang in (165.0, 195.0):
    end = (tip[0] + 6 * math.cos(math.radians(ang)), tip[1] + 6 * math.sin(math.radians(ang)))
    wall(end, tip, 2.5)
group('crease_obtuse')  # two walls meeting at 120 degrees (a crease the body slides into)
wall((2, 12), (6, 14), 2.5)
wall((6, 14), (10, 12), 2.5)
group('box_corner')
box(-12, 0, -12, -9, 1.5, -9)
group('low_ceiling')  # a slab 0.95 m above the floor: the 0.8 m body fits under it, barely
box(-5, 0.95, -12, -1, 1.3, -8, bottom=True)
group('pillars')
for (px, pz) in ((4, -8), (6.5, -9), (9, -8), (6.5, -11.5)):
    pillar(px, pz, 0.5, 2.5)
group('box_spike')  # a slender spike pointing +x 0.6 m up (above a 0.9 m box's step) from a post: it pokes into a box's
# face without crossing any of the box's 12 edges (seed 004's blind spot; assets/default_box.walk)
post_x, tip_x, sy, sz, w = -6.6, -6.0, 0.6, 11.0, 0.06
box(post_x - 0.2, 0, sz - 1.0, post_x, 1.5, sz + 1.0)
tip = (tip_x, sy, sz)
base = [(post_x, sy - w, sz - w), (post_x, sy - w, sz + w), (post_x, sy + w, sz + w), (post_x, sy + w, sz - w)]
for k in range(4):
    tri(tip, base[k], base[(k + 1) % 4])

out = sys.stdout
out.write('# Prism default scene: every failure case in one level (generated by '
          'tools/make_default_scene.py; do not edit by hand)\n')
out.write('# Y up, metres; body: sphere of radius 0.4\n')
out.write('# prism-spawn 0 0.45 0 0\n')
for (x, y, z) in V:
    out.write('v %.4f %.4f %.4f\n' % (x, y, z))
for f in F:
    if f[0] == 'g':
        out.write('g %s\n' % f[1])
    else:
        out.write('f %d %d %d\n' % f)
