/* poisson_disk: Poisson-disk sampling on the unit sphere with geodesic
 * (arc-length) spacing.
 *
 * Method: R. Bridson, "Fast Poisson Disk Sampling in Arbitrary Dimensions"
 * (SIGGRAPH 2007 sketch), adapted to the sphere: candidates are drawn in the
 * geodesic annulus [r, 2r] around an active sample along a uniformly random
 * tangent direction, and the "no sample closer than r" test uses the chord
 * 2 sin(r/2), which is monotonic in arc length, through cube-map buckets
 * (a dense grid on each cube face, cells at least r wide), so each test
 * costs expected O(1) and the whole sampling O(n). Nothing depends on latitude or longitude, so the density is the
 * same everywhere (no clustering at the poles). Single-threaded and
 * deterministic for a given rng state. */
#ifndef OROGEN_CORE_POISSON_DISK_H
#define OROGEN_CORE_POISSON_DISK_H

#include <stddef.h>

#include "core/og_error.h"

struct rng;
struct run_ctx;

/* Largest number of samples poisson_disk_sphere will produce. */
#define POISSON_DISK_MAX_POINTS 4000000

/* Geodesic radius (radians) that gives about `count` samples on the unit
 * sphere with poisson_disk_sphere: r = sqrt(POISSON_DISK_DENSITY / count),
 * the constant measured for this sampler with 30 candidates per sample. */
#define POISSON_DISK_DENSITY 7.73
double poisson_disk_radius_for_count(size_t count);

/* Sample the unit sphere so that no two samples are closer than `radius`
 * radians of arc, candidates per active sample `k` (Bridson uses 30).
 * *xyz gets a malloc'd array of *n unit vectors (3 doubles each; caller
 * frees). Expected count about POISSON_DISK_DENSITY / radius^2.
 * Errors: OG_ERANGE when radius is outside [1e-4, 1] rad, k outside
 * [1, 1000], or the expected count exceeds POISSON_DISK_MAX_POINTS;
 * OG_ENOMEM; OG_ECANCELED when ctx (may be NULL) is cancelled (polled
 * every 4096 samples). On error *xyz is NULL and *n 0. */
enum og_status poisson_disk_sphere(double **xyz, size_t *n, double radius, int k, struct rng *r,
                                   struct run_ctx *ctx, struct og_error *err);

#endif
