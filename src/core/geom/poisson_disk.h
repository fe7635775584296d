/* poisson_disk: Poisson-disk sampling on the unit sphere with geodesic
 * (arc-length) spacing.
 *
 * Method: R. Bridson, "Fast Poisson Disk Sampling in Arbitrary Dimensions"
 * (SIGGRAPH 2007 sketch) with M. Roberts' candidates ("An improvement to
 * Bridson's algorithm", 2019): around an active sample (the parent) k
 * candidates lie evenly spaced, at a random turn, on the geodesic circle
 * of radius r (1 + 1e-6), and one sweep of that circle takes every free
 * candidate, after which the parent retires. Each sample is a parent once,
 * so the sampler tests exactly k candidates per sample. The samples within
 * 2r of the parent are gathered once through cube-map buckets (a dense
 * grid on each cube face, cells at least 2r wide), and each candidate is
 * then tested against them with two products each in the parent's frame:
 * expected O(1) per sample, O(n) in all. No two samples are closer than r
 * (exactly: the test keeps a margin above its rounding), and with k = 13
 * no point of the sphere is farther than about 1.01 r from a sample.
 * Nothing depends on latitude or longitude, so the density is the same
 * everywhere. Only + - * / and sqrt in the loop, detmath for the few
 * sines: the same bits on every compiler and libm. Single-threaded and
 * deterministic for a given rng state. */
#ifndef OROGEN_CORE_GEOM_POISSON_DISK_H
#define OROGEN_CORE_GEOM_POISSON_DISK_H

#include <stddef.h>

#include "core/base/og_error.h"

struct rng;
struct run_ctx;

/* Largest number of samples poisson_disk_sphere will produce. */
#define POISSON_DISK_MAX_POINTS 4000000

/* Candidates per parent the planet uses: 13 leaves no hole wider than
 * about r (10 and 11 did nearly as well, but put a seed of
 * tests/planet_sweep.sh or test_planet_shape.c just outside their
 * bounds); a multiple of 6 would put candidates exactly 60 degrees apart,
 * where the spherical excess decides whether a hexagon fits, and the
 * density would then jump with r. */
#define POISSON_DISK_CANDIDATES 13

/* Geodesic radius (radians) that gives about `count` samples on the unit
 * sphere with poisson_disk_sphere: r = sqrt(POISSON_DISK_DENSITY / count),
 * the constant measured for this sampler with POISSON_DISK_CANDIDATES
 * (10.14 to 10.21 for r from 0.002 to 0.3 rad). */
#define POISSON_DISK_DENSITY 10.19
double poisson_disk_radius_for_count(size_t count);

/* Sample the unit sphere so that no two samples are closer than `radius`
 * radians of arc, `k` candidates per parent (POISSON_DISK_CANDIDATES).
 * *xyz gets a malloc'd array of *n unit vectors (3 doubles each; caller
 * frees). Expected count about POISSON_DISK_DENSITY / radius^2.
 * Errors: OG_ERANGE when radius is outside [1e-4, 1] rad, k outside
 * [1, 1000], or the expected count exceeds POISSON_DISK_MAX_POINTS;
 * OG_ENOMEM; OG_ECANCELED when ctx (may be NULL) is cancelled (polled
 * every 4096 samples). On error *xyz is NULL and *n 0. */
enum og_status poisson_disk_sphere(double **xyz, size_t *n, double radius, int k, struct rng *r,
                                   struct run_ctx *ctx, struct og_error *err);

#endif
