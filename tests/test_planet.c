/* Planet generator: Poisson disk on the sphere, spherical Delaunay (with
 * libqhull_r as an oracle when available), the five continent steps, WFC
 * biome rules, determinism. */
#include "config.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/adjacency.h"
#include "core/continents.h"
#include "core/gen_planet.h"
#include "core/mesh.h"
#include "core/planet_edit.h"
#include "core/poisson_disk.h"
#include "core/predicates.h"
#include "core/rng.h"
#include "core/stereographic.h"
#include "core/wfc.h"
#include "render/export.h"
#include "render/globe.h"
#include "render/raster.h"
#include "tests.h"

static double
arc(const double *p, const double *q)
{
    double cx = p[1] * q[2] - p[2] * q[1], cy = p[2] * q[0] - p[0] * q[2];
    double cz = p[0] * q[1] - p[1] * q[0];
    return atan2(sqrt(cx * cx + cy * cy + cz * cz), p[0] * q[0] + p[1] * q[1] + p[2] * q[2]);
}

/* ---- Poisson disk ------------------------------------------------------ */

START_TEST(test_poisson_spacing)
{
    struct rng r;
    double *xyz, rad = poisson_disk_radius_for_count(2500), dmin = M_PI;
    size_t n, i, j;

    rng_for_stage(&r, 11, "test");
    ck_assert_int_eq(poisson_disk_sphere(&xyz, &n, rad, POISSON_DISK_CANDIDATES, &r, NULL, NULL),
                     OG_OK);
    for (i = 0; i < n; i++) {
        const double *p = &xyz[3 * i];
        ck_assert(fabs(p[0] * p[0] + p[1] * p[1] + p[2] * p[2] - 1.0) < 1e-12);
        for (j = i + 1; j < n; j++) {
            double d = arc(p, &xyz[3 * j]);
            dmin = d < dmin ? d : dmin;
        }
    }
    /* no two samples closer than the radius, in arc length (all pairs) */
    ck_assert_msg(dmin >= rad * (1.0 - 1e-12), "min arc %g < radius %g", dmin, rad);
    /* and the sampling is tight: the nearest pair is close to the radius */
    ck_assert(dmin < 1.05 * rad);
    free(xyz);
}
END_TEST

START_TEST(test_poisson_count)
{
    const double radii[] = { 0.2, 0.05, 0.02 };
    size_t k;

    for (k = 0; k < 3; k++) {
        struct rng r;
        double *xyz, rad = radii[k];
        /* caps of radius r/2 are disjoint (at most hexagonal density
         * 0.9069 of the sphere); caps of radius r cover it if the sampling
         * is maximal */
        double upper = 0.9069 * 2.0 / (1.0 - cos(rad / 2.0));
        double lower = 2.0 / (1.0 - cos(rad));
        double expect = POISSON_DISK_DENSITY / (rad * rad);
        size_t n, polar = 0, i;

        rng_for_stage(&r, 3 + k, "test");
        ck_assert_int_eq(
            poisson_disk_sphere(&xyz, &n, rad, POISSON_DISK_CANDIDATES, &r, NULL, NULL), OG_OK);
        ck_assert_msg(n >= lower && n <= upper, "r %g: %zu points outside [%g, %g]", rad, n,
                      lower, upper);
        ck_assert_msg(fabs(n - expect) < 0.06 * expect + 5, "r %g: %zu points, expected ~%g",
                      rad, n, expect);
        /* uniform: |z| > 0.5 is exactly half the sphere's area (Archimedes),
         * so no clustering at the poles */
        for (i = 0; i < n; i++) {
            polar += fabs(xyz[3 * i + 2]) > 0.5;
        }
        if (n > 1000) {
            ck_assert_msg(fabs((double)polar / n - 0.5) < 0.03, "polar share %g",
                          (double)polar / n);
        }
        free(xyz);
    }
}
END_TEST

/* Coverage (maximality): the point of the sphere farthest from every
 * sample is a vertex of the spherical Voronoi diagram, the circumcentre of
 * a Delaunay triangle, so the largest empty cap has the largest circumradius
 * of the triangulation. No empty disc of radius 2r may exist; this sampler
 * leaves none wider than about 1.01 r (the bound 1.2 r catches a loss of
 * maximality). Also the exact minimum spacing on a larger set, through the
 * Delaunay edges (the nearest pair is always one). */
START_TEST(test_poisson_coverage)
{
    const double radii[] = { 0.3, 0.04, 0.012 };
    size_t k;

    for (k = 0; k < 3; k++) {
        struct rng r;
        double *xyz, rad = radii[k], hole = 0.0, dmin = M_PI;
        int32_t *tri;
        size_t n, nt, t;
        int e;

        rng_for_stage(&r, 21 + k, "test");
        ck_assert_int_eq(
            poisson_disk_sphere(&xyz, &n, rad, POISSON_DISK_CANDIDATES, &r, NULL, NULL), OG_OK);
        ck_assert_int_eq(stereographic_delaunay(xyz, n, &tri, &nt, NULL, NULL), OG_OK);
        for (t = 0; t < nt; t++) {
            const double *a = &xyz[3 * tri[3 * t]], *b = &xyz[3 * tri[3 * t + 1]];
            const double *c = &xyz[3 * tri[3 * t + 2]];
            double u[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] };
            double v[3] = { c[0] - a[0], c[1] - a[1], c[2] - a[2] };
            double cc[3] = { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
                             u[0] * v[1] - u[1] * v[0] };
            double l = sqrt(cc[0] * cc[0] + cc[1] * cc[1] + cc[2] * cc[2]), d;
            cc[0] /= l;
            cc[1] /= l;
            cc[2] /= l;
            d = arc(cc, a);
            hole = d > hole ? d : hole;
            for (e = 0; e < 3; e++) {
                d = arc(&xyz[3 * tri[3 * t + e]], &xyz[3 * tri[3 * t + (e + 1) % 3]]);
                dmin = d < dmin ? d : dmin;
            }
        }
        ck_assert_msg(hole < 2.0 * rad, "r %g: empty cap of radius %g", rad, hole);
        ck_assert_msg(hole < 1.2 * rad, "r %g: empty cap of radius %g r", rad, hole / rad);
        ck_assert_msg(dmin >= rad * (1.0 - 1e-12), "r %g: min arc %.17g", rad, dmin);
        free(tri);
        free(xyz);
    }
}
END_TEST

START_TEST(test_poisson_contract)
{
    struct rng r;
    double *xyz = (double *)&r;
    size_t n = 7;
    struct og_error e;

    rng_for_stage(&r, 1, "test");
    ck_assert_int_eq(poisson_disk_sphere(&xyz, &n, 0.0, 30, &r, NULL, &e), OG_ERANGE);
    ck_assert(xyz == NULL && n == 0);
    ck_assert_ptr_nonnull(strstr(e.msg, "radius"));
    ck_assert_int_eq(poisson_disk_sphere(&xyz, &n, 1e-4, 30, &r, NULL, &e), OG_ERANGE);
    ck_assert_int_eq(poisson_disk_sphere(&xyz, &n, 0.1, 0, &r, NULL, &e), OG_ERANGE);
    /* a cancelled run stops (polled every 4096 samples) and returns nothing */
    {
        atomic_int cancel;
        struct run_ctx ctx;
        memset(&ctx, 0, sizeof ctx);
        atomic_init(&cancel, 1);
        ctx.cancel = &cancel;
        ck_assert_int_eq(poisson_disk_sphere(&xyz, &n, 0.02, 30, &r, &ctx, &e), OG_ECANCELED);
        ck_assert(xyz == NULL && n == 0);
    }
}
END_TEST

/* ---- spherical Delaunay ------------------------------------------------ */

static double *
sample(size_t count, uint64_t seed, size_t *n)
{
    struct rng r;
    double *xyz;
    rng_for_stage(&r, seed, "test");
    ck_assert_int_eq(poisson_disk_sphere(&xyz, n, poisson_disk_radius_for_count(count),
                                         POISSON_DISK_CANDIDATES, &r,
                                         NULL, NULL),
                     OG_OK);
    return xyz;
}

/* Closed, consistently oriented, outward, Delaunay (every edge passes the
 * spherical in-circle test: the far vertex is not above the triangle's
 * plane). */
static void
check_sphere_triangulation(const double *xyz, size_t n, const int32_t *tri, size_t nt)
{
    struct mesh *m;
    struct og_error e;
    const double origin[3] = { 0.0, 0.0, 0.0 };
    size_t t, nedges = 0;
    int32_t s;

    ck_assert_int_eq(nt, 2 * n - 4);
    ck_assert_msg(mesh_build_sphere(&m, xyz, n, tri, nt, &e) == OG_OK, "%s", e.msg);
    for (s = 0; s < (int32_t)(3 * nt); s++) {
        int32_t tw = m->halfedges[s];
        ck_assert_int_ge(tw, 0);
        ck_assert_int_eq(m->halfedges[tw], s);
        ck_assert_int_eq(m->triangles[tw], m->triangles[mesh_edge_next(s)]);
        ck_assert_int_eq(m->triangles[s], m->triangles[mesh_edge_next(tw)]);
        if (s < tw) {
            const double *a = &xyz[3 * m->triangles[s]];
            const double *b = &xyz[3 * m->triangles[mesh_edge_next(s)]];
            const double *c = &xyz[3 * m->triangles[mesh_edge_prev(s)]];
            const double *d = &xyz[3 * m->triangles[mesh_edge_prev(tw)]];
            ck_assert_msg(predicates_orient3d(a, b, c, d) >= 0.0, "edge %d not Delaunay", s);
            nedges++;
        }
    }
    /* Euler characteristic of the sphere */
    ck_assert_int_eq((long)n - (long)nedges + (long)nt, 2);
    for (t = 0; t < nt; t++) {
        ck_assert(predicates_orient3d(&xyz[3 * tri[3 * t]], &xyz[3 * tri[3 * t + 1]],
                                      &xyz[3 * tri[3 * t + 2]], origin) > 0.0);
    }
    mesh_free(m);
}

START_TEST(test_delaunay_sphere)
{
    size_t n, nt, flips;
    double *xyz = sample(3000, 5, &n);
    int32_t *tri;

    ck_assert_int_eq(stereographic_delaunay(xyz, n, &tri, &nt, &flips, NULL), OG_OK);
    check_sphere_triangulation(xyz, n, tri, nt);
    free(tri);
    free(xyz);
}
END_TEST

/* Cospherical sets: the octahedron and the cube (every face square, so any
 * diagonal is Delaunay); exact predicates must still close the surface. */
START_TEST(test_delaunay_cospherical)
{
    const double s = 1.0 / sqrt(3.0);
    double oct[18] = { 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1 };
    double cube[24];
    int32_t *tri;
    size_t nt, i;

    ck_assert_int_eq(stereographic_delaunay(oct, 6, &tri, &nt, NULL, NULL), OG_OK);
    check_sphere_triangulation(oct, 6, tri, nt);
    free(tri);
    for (i = 0; i < 8; i++) {
        cube[3 * i] = (i & 1) ? s : -s;
        cube[3 * i + 1] = (i & 2) ? s : -s;
        cube[3 * i + 2] = (i & 4) ? s : -s;
    }
    ck_assert_int_eq(stereographic_delaunay(cube, 8, &tri, &nt, NULL, NULL), OG_OK);
    check_sphere_triangulation(cube, 8, tri, nt);
    free(tri);
}
END_TEST

START_TEST(test_delaunay_contract)
{
    double few[9] = { 1, 0, 0, 0, 1, 0, 0, 0, 1 };
    double twice[15] = { 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, -1, 0, 1, 0 };
    double off[12] = { 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, -1.5 };
    int32_t *tri = (int32_t *)few;
    size_t nt = 5;
    struct og_error e;

    ck_assert_int_eq(stereographic_delaunay(few, 3, &tri, &nt, NULL, &e), OG_EINVAL);
    ck_assert(tri == NULL && nt == 0);
    ck_assert_int_eq(stereographic_delaunay(twice, 5, &tri, &nt, NULL, &e), OG_EINVAL);
    ck_assert_ptr_nonnull(strstr(e.msg, "coincide"));
    ck_assert_int_eq(stereographic_delaunay(off, 4, &tri, &nt, NULL, &e), OG_EINVAL);
    ck_assert_ptr_nonnull(strstr(e.msg, "length"));
}
END_TEST

#ifdef HAVE_QHULL
/* The spherical Delaunay triangulation is the convex hull of the points:
 * compare every triangle with libqhull_r's hull ("Qt": triangulated). */
START_TEST(test_delaunay_qhull_oracle)
{
    size_t n, nt, nq = 0;
    double *xyz = sample(4000, 9, &n);
    int32_t *tri, *theirs;

    ck_assert_int_eq(stereographic_delaunay(xyz, n, &tri, &nt, NULL, NULL), OG_OK);
    test_sort_triangles(tri, nt);
    theirs = test_qhull_triangles(3, xyz, n, "Qt", &nq);
    ck_assert_ptr_nonnull(theirs);
    ck_assert_int_eq(nq, nt);
    ck_assert(memcmp(tri, theirs, 3 * nt * sizeof *tri) == 0);
    free(theirs);
    free(tri);
    free(xyz);
}
END_TEST
#endif

/* ---- continents ------------------------------------------------------- */

struct planet_fixture {
    double *xyz;
    size_t n;
    int32_t *tri;
    size_t nt;
    struct adjacency adj;
};

static void
fixture_make(struct planet_fixture *f, size_t count, uint64_t seed)
{
    f->xyz = sample(count, seed, &f->n);
    ck_assert_int_eq(stereographic_delaunay(f->xyz, f->n, &f->tri, &f->nt, NULL, NULL), OG_OK);
    ck_assert_int_eq(adjacency_from_triangles(&f->adj, f->n, f->tri, f->nt, NULL), OG_OK);
}

static void
fixture_free(struct planet_fixture *f)
{
    free(f->xyz);
    free(f->tri);
    adjacency_fini(&f->adj);
}

/* the source's literal reading: uniform growth, round caps, islands per vertex */
static const struct continents_params default_cp = {
    .cap_latitude = 75.0, .ncontinents = 9, .land_target = 0.35, .island_chance = 0.08,
};

/* the defaults: noise growth and islands by area (round caps, to test them) */
static const struct continents_params noise_cp = {
    .cap_latitude = 75.0, .ncontinents = 9, .land_target = 0.35, .noise_growth = 1,
    .coast_roughness = 2.5, .island_area = 1, .island_count = 60, .island_min_area = 5e-5,
    .island_max_area = 4e-3, .island_tail = 1.0, .noise_seed = 5,
};

/* Collision ranges wander: the uplift's ridge (vertices within 5 % of the
 * highest of their neighbours: across a suture the uplift falls 13 % in one
 * 20k spacing, along it the amplitude noise changes far less) keeps off most of the growth fronts' meeting line, which
 * for continents seeded together is a great circle: 10 % of that line's
 * vertices are ridge tops here, against 32-35 % with the border taken from
 * the growth (SUTURE_WARP 0). The uplift rises only on continental land. */
START_TEST(test_sutures_bend)
{
    struct planet_fixture f;
    struct continents c;
    struct rng r;
    size_t i, fronts = 0, on_ridge = 0, tops = 0;
    float *up;

    fixture_make(&f, 20000, 31 + (uint64_t)_i);
    ck_assert_int_eq(continents_init(&c, f.n, NULL), OG_OK);
    rng_for_stage(&r, 31 + (uint64_t)_i, "continents");
    continents_caps(&c, f.xyz, &noise_cp);
    ck_assert_int_eq(continents_grow(&c, &f.adj, f.xyz, f.tri, f.nt, &noise_cp, &r, NULL, NULL),
                     OG_OK);
    continents_coast(&c, &f.adj);
    ck_assert_int_eq(continents_islands(&c, &f.adj, f.xyz, &noise_cp, &r, NULL), OG_OK);
    up = malloc(f.n * sizeof *up);
    ck_assert_int_eq(continents_uplift(&c, &f.adj, f.xyz, 3.0 * M_PI / 180.0, 5, up, NULL),
                     OG_OK);
    for (i = 0; i < f.n; i++) {
        int32_t j, ri = (int32_t)i, top = up[i] > 0.0f, front = 0;
        if (up[i] > 0.0f) {
            ck_assert(c.state[i] == CONT_LAND && c.origin[i] >= 0);
        }
        if (c.state[i] != CONT_LAND || c.origin[i] < 0) {
            continue;
        }
        while (c.parent[ri] != ri) {
            ri = c.parent[ri];
        }
        for (j = f.adj.start[i]; j < f.adj.start[i + 1]; j++) {
            int32_t u = f.adj.nbr[j], ru = u;
            if (c.state[u] != CONT_LAND || c.origin[u] < 0) {
                continue;
            }
            top &= up[i] >= 0.95f * up[u];
            while (c.parent[ru] != ru) {
                ru = c.parent[ru];
            }
            front |= c.origin[u] != c.origin[i] && ru == ri;
        }
        fronts += (size_t)front;
        tops += (size_t)top;
        on_ridge += (size_t)(front && top);
    }
    ck_assert_msg(fronts > 50 && tops > 50, "seed %d: %zu front and %zu ridge vertices", _i,
                  fronts, tops);
    ck_assert_msg(on_ridge < 0.2 * (double)fronts, "seed %d: %zu of %zu front vertices on the ridge",
                  _i, on_ridge, fronts);
    free(up);
    continents_fini(&c);
    fixture_free(&f);
}
END_TEST

START_TEST(test_continents_steps)
{
    struct planet_fixture f;
    struct continents c;
    struct rng r;
    size_t i, land = 0, north = 0, south = 0;
    double zc = sin(75.0 * M_PI / 180.0);

    const struct continents_params *cp = _i < 2 ? &default_cp : &noise_cp;

    fixture_make(&f, 4000, 21 + (uint64_t)_i);
    ck_assert_int_eq(continents_init(&c, f.n, NULL), OG_OK);
    rng_for_stage(&r, 21 + (uint64_t)_i, "continents");
    continents_caps(&c, f.xyz, cp);
    ck_assert_int_gt(c.cap_vertices, 0);
    ck_assert_int_eq(continents_grow(&c, &f.adj, f.xyz, f.tri, f.nt, cp, &r, NULL, NULL), OG_OK);
    /* growth stops exactly at the target (within one vertex) */
    for (i = 0; i < f.n; i++) {
        land += c.state[i] == CONT_LAND;
    }
    ck_assert_int_eq(land, c.land_after_growth);
    ck_assert(fabs((double)land - 0.35 * (double)f.n) <= 1.0);
    /* both polar caps are land before any flip */
    for (i = 0; i < f.n; i++) {
        if (fabs(f.xyz[3 * i + 2]) > zc) {
            ck_assert_int_eq(c.state[i], CONT_LAND);
        }
    }
    /* nine continents were instanced first; every later seed replaced a
     * merged one; at most nine are alive at the end (a merge in the last two
     * steps leaves no room under the target for a new triple) */
    ck_assert_int_eq(c.seeds - c.reseeds, 9);
    ck_assert_int_le(c.reseeds, c.merges);
    ck_assert(c.live >= 1 && c.live <= 9);
    /* coastlines: no unassigned vertex next to land */
    continents_coast(&c, &f.adj);
    for (i = 0; i < f.n; i++) {
        int32_t j;
        if (c.state[i] != CONT_UNASSIGNED) {
            continue;
        }
        for (j = f.adj.start[i]; j < f.adj.start[i + 1]; j++) {
            ck_assert_int_ne(c.state[f.adj.nbr[j]], CONT_LAND);
        }
    }
    if (continents_south_heavier(&c, f.xyz)) {
        continents_flip(f.xyz, f.n);
    }
    for (i = 0; i < f.n; i++) {
        north += c.state[i] == CONT_LAND && f.xyz[3 * i + 2] > 0.0;
        south += c.state[i] == CONT_LAND && f.xyz[3 * i + 2] < 0.0;
    }
    ck_assert_int_ge(north, south);
    /* islands: nothing left unassigned; per vertex about 8 % of the rest
     * is land; by area at most island_count islands, each kept apart from
     * the continents and from each other by sea */
    {
        size_t rest = 0;
        for (i = 0; i < f.n; i++) {
            rest += c.state[i] == CONT_UNASSIGNED;
        }
        ck_assert_int_eq(continents_islands(&c, &f.adj, f.xyz, cp, &r, NULL), OG_OK);
        for (i = 0; i < f.n; i++) {
            ck_assert_int_ne(c.state[i], CONT_UNASSIGNED);
        }
        ck_assert(rest > 500);
        if (!cp->island_area) {
            ck_assert(fabs((double)c.islands / rest - 0.08) < 0.03);
        } else {
            size_t touching = 0;
            ck_assert_int_gt(c.island_seeds, 0);
            ck_assert_int_le(c.island_seeds, cp->island_count);
            ck_assert_int_ge(c.islands, c.island_seeds);
            /* no island vertex touches continental land */
            for (i = 0; i < f.n; i++) {
                int32_t j;
                if (c.origin[i] != CONT_ORIGIN_ISLAND) {
                    continue;
                }
                for (j = f.adj.start[i]; j < f.adj.start[i + 1]; j++) {
                    int32_t u = f.adj.nbr[j];
                    touching += c.state[u] == CONT_LAND && c.origin[u] != CONT_ORIGIN_ISLAND;
                }
            }
            ck_assert_int_eq(touching, 0);
        }
    }
    /* landmass ids are the connected components */
    ck_assert_int_eq(continents_landmasses(&c, &f.adj, NULL), OG_OK);
    {
        int32_t *uf = malloc(f.n * sizeof *uf);
        size_t roots = 0, biggest = 0;
        size_t *size = calloc(f.n, sizeof *size);
        for (i = 0; i < f.n; i++) {
            uf[i] = (int32_t)i;
        }
        for (i = 0; i < f.n; i++) {
            int32_t j;
            ck_assert_int_eq(c.landmass[i] >= 0, c.state[i] == CONT_LAND);
            for (j = f.adj.start[i]; j < f.adj.start[i + 1]; j++) {
                int32_t u = f.adj.nbr[j], a = (int32_t)i, b;
                if (c.state[i] != CONT_LAND || c.state[u] != CONT_LAND) {
                    continue;
                }
                ck_assert_int_eq(c.landmass[i], c.landmass[u]);
                while (uf[a] != a) {
                    a = uf[a];
                }
                for (b = u; uf[b] != b;) {
                    b = uf[b];
                }
                uf[a] = b;
            }
        }
        for (i = 0; i < f.n; i++) {
            int32_t a = (int32_t)i;
            if (c.state[i] != CONT_LAND) {
                continue;
            }
            while (uf[a] != a) {
                a = uf[a];
            }
            roots += a == (int32_t)i;
            size[a]++;
        }
        for (i = 0; i < f.n; i++) {
            biggest = size[i] > biggest ? size[i] : biggest;
        }
        ck_assert_int_eq(roots, c.nlandmasses);
        ck_assert_int_eq(biggest, c.largest);
        free(uf);
        free(size);
    }
    continents_fini(&c);
    fixture_free(&f);
}
END_TEST

START_TEST(test_continents_contract)
{
    struct continents_params p = default_cp;
    struct og_error e;
    p.land_target = 1.5;
    ck_assert_int_eq(continents_check(&p, &e), OG_ERANGE);
    ck_assert_ptr_nonnull(strstr(e.msg, "land target"));
    p = default_cp;
    p.ncontinents = 0;
    ck_assert_int_eq(continents_check(&p, &e), OG_ERANGE);
}
END_TEST

/* ---- wave-function collapse ------------------------------------------- */

START_TEST(test_wfc_rules_hold)
{
    const struct wfc_rules *rules = wfc_planet_rules();
    int desert = wfc_biome_find(rules, "desert"), tundra = wfc_biome_find(rules, "tundra");
    int rain = wfc_biome_find(rules, "rainforest"), ice = wfc_biome_find(rules, "ice");
    int coast = wfc_biome_find(rules, "coast");
    struct planet_fixture f;
    uint64_t seed;

    ck_assert(desert >= 0 && tundra >= 0 && rain >= 0 && ice >= 0 && coast >= 0);
    fixture_make(&f, 3000, 77);
    for (seed = 1; seed <= 12; seed++) {
        struct continents c;
        struct rng r;
        struct wfc_stats ws;
        uint8_t *sea = malloc(f.n), *bio = malloc(f.n);
        uint32_t *dom = malloc(f.n * sizeof *dom);
        size_t i, seen_desert = 0, seen_ice = 0;

        rng_for_stage(&r, seed, "continents");
        ck_assert_int_eq(continents_init(&c, f.n, NULL), OG_OK);
        continents_caps(&c, f.xyz, &default_cp);
        ck_assert_int_eq(continents_grow(&c, &f.adj, f.xyz, f.tri, f.nt, &default_cp, &r, NULL, NULL),
                         OG_OK);
        continents_coast(&c, &f.adj);
        ck_assert_int_eq(continents_islands(&c, &f.adj, f.xyz, &default_cp, &r, NULL), OG_OK);
        for (i = 0; i < f.n; i++) {
            sea[i] = c.state[i] != CONT_LAND;
        }
        wfc_unary_domains(rules, &f.adj, f.xyz, sea, dom);
        ck_assert_int_eq(wfc_solve(rules, &f.adj, dom, bio, &r, 200, &ws, NULL, NULL), OG_OK);
        ck_assert_int_eq(wfc_violations(rules, &f.adj, dom, bio, NULL), 0);
        /* the named rules, checked directly on every edge */
        for (i = 0; i < f.n; i++) {
            double lat = asin(f.xyz[3 * i + 2]) * 180.0 / M_PI;
            int shore = 0;
            int32_t j;
            ck_assert_int_eq(rules->biome[bio[i]].water, sea[i]);
            for (j = f.adj.start[i]; j < f.adj.start[i + 1]; j++) {
                int32_t u = f.adj.nbr[j];
                shore |= sea[u] != sea[i];
                if (bio[i] == desert) {
                    ck_assert(!sea[u]); /* deserts are landlocked */
                }
                if (bio[i] == tundra) {
                    ck_assert_int_ne(bio[u], rain);
                }
            }
            if (bio[i] == ice) {
                ck_assert(fabs(lat) >= 60.0);
                seen_ice++;
            }
            if (bio[i] == coast) {
                ck_assert(shore && !sea[i]);
            }
            seen_desert += bio[i] == desert;
        }
        ck_assert_int_gt(seen_ice, 0);
        (void)seen_desert;
        continents_fini(&c);
        free(sea);
        free(bio);
        free(dom);
    }
    fixture_free(&f);
}
END_TEST

/* Two biomes that may not touch themselves: a proper 2-colouring, which a
 * triangulation (odd cycles everywhere) cannot have. Arc consistency does
 * not see it; the bounded restarts must report it. */
START_TEST(test_wfc_unsatisfiable)
{
    struct wfc_rules rules;
    struct planet_fixture f;
    struct og_error e;
    struct rng r;
    struct wfc_stats ws;
    uint32_t *dom;
    uint8_t *out;
    size_t i;

    memset(&rules, 0, sizeof rules);
    rules.nbiomes = 2;
    rules.biome[0] = (struct wfc_biome){ "a", 0xff0000, 0, 0, 90, WFC_SHORE_ANY, 1.0, 0, 90, 0, 1 };
    rules.biome[1] = (struct wfc_biome){ "b", 0x0000ff, 0, 0, 90, WFC_SHORE_ANY, 1.0, 0, 90, 0, 1 };
    rules.forbid[0] = 1u;
    rules.forbid[1] = 2u;
    fixture_make(&f, 2000, 3);
    dom = malloc(f.n * sizeof *dom);
    out = malloc(f.n);
    for (i = 0; i < f.n; i++) {
        dom[i] = 3u;
    }
    rng_for_stage(&r, 1, "wfc");
    ck_assert_int_eq(wfc_solve(&rules, &f.adj, dom, out, &r, 50, &ws, NULL, &e), OG_EINVAL);
    ck_assert_ptr_nonnull(strstr(e.msg, "no solution"));
    /* proven, not merely given up on: both colours of the first vertex fail */
    ck_assert_ptr_null(strstr(e.msg, "within"));
    ck_assert_int_le(ws.backtracks, 50);
    /* with no backtracks allowed it stops at the first contradiction */
    ck_assert_int_eq(wfc_solve(&rules, &f.adj, dom, out, &r, 0, &ws, NULL, &e), OG_EINVAL);
    ck_assert_ptr_nonnull(strstr(e.msg, "within 0 backtracks"));
    ck_assert_int_eq(ws.backtracks, 1);
    /* a biome that fits nowhere at all is caught before any choice */
    rules.forbid[0] = 0;
    rules.forbid[1] = 0;
    for (i = 0; i < f.n; i++) {
        dom[i] = i == 17 ? 0u : 3u;
    }
    ck_assert_int_eq(wfc_solve(&rules, &f.adj, dom, out, &r, 50, &ws, NULL, &e), OG_EINVAL);
    ck_assert_ptr_nonnull(strstr(e.msg, "vertex 17"));
    free(dom);
    free(out);
    fixture_free(&f);
}
END_TEST

/* ---- the generator ---------------------------------------------------- */

static struct world *
run_planet(size_t points, uint64_t seed, int threads)
{
    struct params p;
    struct run_ctx ctx;
    struct world *w;
    struct og_error e;

    params_defaults(&p);
    p.seed = seed;
    ck_assert_int_eq(params_set(&p, P_PLANET_POINTS, (double)points, NULL), OG_OK);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = threads;
    ck_assert_msg(pipeline_run(&gen_planet, &ctx, &w, &e) == OG_OK, "%s", e.msg);
    return w;
}

static uint64_t
world_hash(const struct world *w)
{
    uint64_t h = test_fnv1a(w->mesh->points, 3 * w->ncells * sizeof(double));
    h ^= test_fnv1a(w->mesh->triangles, 3 * w->mesh->ntriangles * sizeof(int32_t)) * 3;
    h ^= test_fnv1a(w->elevation, w->ncells * sizeof(float)) * 5;
    h ^= test_fnv1a(w->water, w->ncells) * 7;
    h ^= test_fnv1a(w->biome, w->ncells) * 11;
    h ^= test_fnv1a(w->color, w->ncells * sizeof(uint32_t)) * 13;
    h ^= test_fnv1a(w->landmass, w->ncells * sizeof(int32_t)) * 17;
    return h;
}

START_TEST(test_generator_world)
{
    struct world *w = run_planet(2000, 42, 1);
    const struct world_stat *s;
    size_t i, land = 0;

    ck_assert_int_eq(w->kind, WORLD_SPHERE);
    ck_assert_int_eq(w->mesh->dim, 3);
    ck_assert_int_eq(w->mesh->npoints, w->ncells);
    for (i = 0; i < w->ncells; i++) {
        ck_assert_int_eq(w->water[i] == WATER_LAND, w->elevation[i] > 0.0f);
        ck_assert_int_eq(w->water[i] == WATER_LAND, w->landmass[i] >= 0);
        ck_assert(w->elevation[i] >= -1.0f && w->elevation[i] <= 1.0f);
        ck_assert_uint_eq(w->color[i], wfc_planet_rules()->biome[w->biome[i]].color);
        land += w->water[i] == WATER_LAND;
    }
    s = world_stat_find(w, "planet.land_fraction_growth");
    ck_assert_ptr_nonnull(s);
    ck_assert(fabs(s->a - 0.35) <= 1.0 / (double)w->ncells);
    s = world_stat_find(w, "planet.land_fraction");
    ck_assert(fabs(s->a - (double)land / w->ncells) < 1e-12);
    ck_assert_ptr_nonnull(world_stat_find(w, "planet.min_spacing_deg"));
    ck_assert_ptr_nonnull(world_stat_find(w, "planet.biome.desert"));
    ck_assert_ptr_nonnull(world_stat_find(w, "planet.wfc_backtracks"));
    ck_assert_int_eq((long)world_stat_find(w, "planet.triangles")->a, 2 * (long)w->ncells - 4);
    ck_assert(world_stat_find(w, "planet.min_spacing_deg")->a
              >= world_stat_find(w, "planet.spacing_deg")->a * (1.0 - 1e-9));
    /* the keys doc/stats.md lists reach the stats JSON */
    {
        static const char *const keys[] = {
            "\"points\"", "\"triangles\"", "\"min_spacing_deg\"", "\"land_fraction_growth\"",
            "\"land_fraction\"", "\"continent_seeds\"", "\"continent_reseeds\"",
            "\"landmasses\"", "\"largest_landmass_share\"", "\"biome.desert\"",
            "\"biome.ocean\"", "\"wfc_backtracks\"",
        };
        char *json = NULL;
        size_t k;
        ck_assert_int_eq(export_stats_json(w, &json, NULL), OG_OK);
        ck_assert_ptr_nonnull(strstr(json, "\"planet\""));
        for (k = 0; k < sizeof keys / sizeof keys[0]; k++) {
            ck_assert_msg(strstr(json, keys[k]) != NULL, "stats JSON lacks %s", keys[k]);
        }
        free(json);
    }
    world_unref(w);
}
END_TEST

START_TEST(test_generator_determinism)
{
    struct world *a = run_planet(1500, 7, 1), *b = run_planet(1500, 7, 4);
    struct world *c = run_planet(1500, 8, 1);
    ck_assert_int_eq(a->ncells, b->ncells);
    ck_assert_uint_eq(world_hash(a), world_hash(b));
    ck_assert_uint_ne(world_hash(a), world_hash(c));
    world_unref(a);
    world_unref(b);
    world_unref(c);
}
END_TEST

START_TEST(test_generator_relax_subdivide)
{
    struct params p;
    struct run_ctx ctx;
    struct world *w;
    struct og_error e;
    size_t nt;
    int32_t *tri;

    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_PLANET_POINTS, 500, NULL), OG_OK);
    ck_assert_int_eq(params_set(&p, P_PLANET_RELAX, 2, NULL), OG_OK);
    ck_assert_int_eq(params_set(&p, P_PLANET_SUBDIVIDE, 1, NULL), OG_OK);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = 1;
    ck_assert_msg(pipeline_run(&gen_planet, &ctx, &w, &e) == OG_OK, "%s", e.msg);
    /* a subdivision adds one point per edge: n' = n + 3n - 6 */
    ck_assert_int_gt(w->ncells, 4 * 480 - 6);
    ck_assert_int_eq(stereographic_delaunay(w->mesh->points, w->ncells, &tri, &nt, NULL, NULL),
                     OG_OK);
    check_sphere_triangulation(w->mesh->points, w->ncells, tri, nt);
    free(tri);
    world_unref(w);
}
END_TEST


/* ---- the land editor -------------------------------------------------- */

static size_t
count_ids(const struct world *w)
{
    int32_t top = -1;
    size_t i;
    for (i = 0; i < w->ncells; i++) {
        top = w->landmass[i] > top ? w->landmass[i] : top;
    }
    return (size_t)(top + 1);
}

/* Biomes of an edited world still obey every rule. */
static void
check_biomes(const struct world *w)
{
    struct adjacency a;
    uint8_t *sea = malloc(w->ncells);
    uint32_t *dom = malloc(w->ncells * sizeof *dom);
    size_t i;
    ck_assert_int_eq(adjacency_from_triangles(&a, w->ncells, w->mesh->triangles,
                                              w->mesh->ntriangles, NULL),
                     OG_OK);
    for (i = 0; i < w->ncells; i++) {
        sea[i] = w->water[i] != WATER_LAND;
    }
    /* the domains the biomes were solved on (climate, widened, latitude) */
    ck_assert_ptr_nonnull(world_stat_find(w, "planet.biome_domains"));
    ck_assert_int_eq(gen_planet_domains(w, &a, (int)world_stat_find(w, "planet.biome_domains")->a,
                                        dom, NULL),
                     OG_OK);
    ck_assert_int_eq(wfc_violations(wfc_planet_rules(), &a, dom, w->biome, NULL), 0);
    adjacency_fini(&a);
    free(sea);
    free(dom);
}

START_TEST(test_edit_join_split)
{
    struct world *w = run_planet(2000, 5, 1), *joined, *split;
    struct adjacency a;
    int32_t s = -1, ida = -1, idb = -1, ra = -1, rb = -1;
    size_t i, before, changed = 0;

    ck_assert_int_eq(adjacency_from_triangles(&a, w->ncells, w->mesh->triangles,
                                              w->mesh->ntriangles, NULL),
                     OG_OK);
    /* a sea vertex between two different landmasses */
    for (i = 0; i < w->ncells && s < 0; i++) {
        int32_t j;
        if (w->water[i] == WATER_LAND) {
            continue;
        }
        ida = idb = -1;
        for (j = a.start[i]; j < a.start[i + 1]; j++) {
            int32_t id = w->landmass[a.nbr[j]];
            if (id >= 0 && ida < 0) {
                ida = id;
                ra = a.nbr[j];
            } else if (id >= 0 && id != ida) {
                idb = id;
                rb = a.nbr[j];
                s = (int32_t)i;
                break;
            }
        }
    }
    ck_assert_int_ge(s, 0);
    before = count_ids(w);
    ck_assert_int_eq(planet_edit_set_land(w, s, 1, &joined, NULL), OG_OK);
    ck_assert_ptr_ne(joined, w);
    /* adding land joins the landmasses around it under one id */
    ck_assert_int_eq(joined->water[s], WATER_LAND);
    ck_assert_int_ge(joined->landmass[s], 0);
    ck_assert_int_eq(joined->landmass[ra], joined->landmass[s]);
    ck_assert_int_eq(joined->landmass[rb], joined->landmass[s]);
    ck_assert_int_lt(count_ids(joined), before);
    {
        size_t cells;
        double share;
        ck_assert_int_eq(planet_landmass_at(joined, s, &cells, &share), joined->landmass[s]);
        /* its size: the landmasses around s plus s itself */
        int32_t ids[32], j;
        size_t nids = 0, k, expect = 1;
        for (j = a.start[s]; j < a.start[s + 1]; j++) {
            int32_t id = w->landmass[a.nbr[j]];
            for (k = 0; k < nids && ids[k] != id; k++) {
            }
            if (id >= 0 && k == nids) {
                ids[nids++] = id;
                expect += planet_landmass_mark(w, id, NULL);
            }
        }
        ck_assert_int_eq(cells, expect);
        ck_assert(fabs(share - (double)cells / w->ncells) < 1e-12);
        ck_assert(share > 0.0 && share < 1.0);
        ck_assert_int_eq(planet_landmass_at(joined, -5, &cells, NULL), -1);
        ck_assert_int_eq(cells, 0);
    }
    check_biomes(joined);
    ck_assert(world_stat_find(joined, "planet.edits")->a == 1.0);
    /* removing it again splits the landmass back into the same parts */
    ck_assert_int_eq(planet_edit_set_land(joined, s, 0, &split, NULL), OG_OK);
    ck_assert_int_eq(split->landmass[s], -1);
    ck_assert_int_ne(split->landmass[ra], split->landmass[rb]);
    ck_assert_int_eq(count_ids(split), before);
    ck_assert(memcmp(split->water, w->water, w->ncells) == 0);
    ck_assert(memcmp(split->landmass, w->landmass, w->ncells * sizeof(int32_t)) == 0);
    check_biomes(split);
    /* biomes far from the edits stay as they were */
    for (i = 0; i < w->ncells; i++) {
        changed += split->biome[i] != w->biome[i];
    }
    ck_assert_msg(changed < w->ncells / 20, "%zu biomes changed", changed);
    /* a no-op edit hands back the same world */
    {
        struct world *same;
        ck_assert_int_eq(planet_edit_set_land(split, s, 0, &same, NULL), OG_OK);
        ck_assert_ptr_eq(same, split);
        world_unref(same);
    }
    adjacency_fini(&a);
    world_unref(split);
    world_unref(joined);
    world_unref(w);
}
END_TEST

START_TEST(test_edit_new_island_and_errors)
{
    struct world *w = run_planet(2000, 9, 1), *nw;
    struct adjacency a;
    struct og_error e;
    int32_t s = -1;
    size_t i, before;

    ck_assert_int_eq(adjacency_from_triangles(&a, w->ncells, w->mesh->triangles,
                                              w->mesh->ntriangles, NULL),
                     OG_OK);
    /* open sea: no land among the neighbours */
    for (i = 0; i < w->ncells && s < 0; i++) {
        int32_t j, wet = w->water[i] != WATER_LAND;
        for (j = a.start[i]; j < a.start[i + 1]; j++) {
            wet &= w->water[a.nbr[j]] != WATER_LAND;
        }
        s = wet ? (int32_t)i : -1;
    }
    ck_assert_int_ge(s, 0);
    before = count_ids(w);
    ck_assert_int_eq(planet_edit_set_land(w, s, 1, &nw, NULL), OG_OK);
    /* a new landmass of one cell */
    ck_assert_int_eq(count_ids(nw), before + 1);
    ck_assert_int_eq(planet_landmass_mark(nw, nw->landmass[s], NULL), 1);
    ck_assert(nw->elevation[s] > 0.0f);
    check_biomes(nw);
    /* the same edit of the same world gives the same bytes */
    {
        struct world *again;
        ck_assert_int_eq(planet_edit_set_land(w, s, 1, &again, NULL), OG_OK);
        ck_assert_uint_eq(world_hash(again), world_hash(nw));
        world_unref(again);
    }
    world_unref(nw);
    ck_assert_int_eq(planet_edit_set_land(w, (int32_t)w->ncells, 1, &nw, &e), OG_EINVAL);
    ck_assert_ptr_null(nw);
    ck_assert_ptr_nonnull(strstr(e.msg, "outside"));
    /* only planets can be edited */
    {
        struct world *flat;
        struct params p;
        params_defaults(&p);
        ck_assert_int_eq(world_new(&flat, GEN_ISLAND, WORLD_MESH, &p, NULL), OG_OK);
        ck_assert_int_eq(planet_edit_set_land(flat, 0, 1, &nw, &e), OG_EINVAL);
        ck_assert_ptr_nonnull(strstr(e.msg, "planet"));
        world_unref(flat);
    }
    adjacency_fini(&a);
    world_unref(w);
}
END_TEST


/* ---- the globe sampler ------------------------------------------------- */

START_TEST(test_globe_sampler)
{
    enum { S = 64 };
    struct world *w = run_planet(1000, 3, 1);
    uint32_t *rgb = malloc(S * S * sizeof *rgb);
    int32_t *cell = malloc(S * S * sizeof *cell);
    const double east[3] = { 0.0, 1.0, 0.0 };
    size_t i, inside = 0;
    int32_t c;

    ck_assert_int_eq(planet_sample_ortho(w, 0.0, 0.0, S, S, rgb, cell), OG_OK);
    for (i = 0; i < S * S; i++) {
        ck_assert(cell[i] >= -1 && cell[i] < (int32_t)w->ncells);
        inside += cell[i] >= 0;
        if (cell[i] < 0) {
            ck_assert_uint_eq(rgb[i], 0);
        }
    }
    /* the disc covers pi r^2 pixels; corners are off the globe */
    ck_assert(fabs((double)inside - M_PI * (S / 2) * (S / 2)) < 0.02 * M_PI * (S / 2) * (S / 2));
    ck_assert_int_eq(cell[0], -1);
    ck_assert_int_eq(cell[S * S - 1], -1);
    /* the centre looks at longitude 0, latitude 0: the cell nearest (1, 0, 0) */
    c = globe_center_cell(w, 0.0, 0.0);
    ck_assert_int_eq(c, mesh_nearest_point(w->mesh, (const double[3]){ 1.0, 0.0, 0.0 }, 0));
    /* and the pixel at (S/2, S/2), whose centre is half a pixel right of
     * and below the view's centre, shows the cell nearest its direction
     * (sz, 1/S, -1/S): c itself unless (1, 0, 0) lies within a degree of a
     * cell boundary */
    {
        double h = 1.0 / S, pix[3] = { sqrt(1.0 - 2.0 * h * h), h, -h };
        ck_assert_int_eq(cell[(S / 2) * S + S / 2], mesh_nearest_point(w->mesh, pix, 0));
    }
    /* yaw 90 turns the globe so that the east point faces the viewer */
    ck_assert_int_eq(globe_center_cell(w, 90.0, 0.0), mesh_nearest_point(w->mesh, east, 0));
    /* pitch 90 looks down at the north pole, an ice-cap land cell */
    c = globe_center_cell(w, 0.0, 90.0);
    ck_assert_int_eq(w->water[c], WATER_LAND);
    /* light from the upper left: the upper-left limb is brighter than the
     * lower-right one for the same colour */
    {
        uint32_t a, b;
        int32_t ca = cell[(S / 4) * S + S / 4 + 4], cb = cell[(3 * S / 4) * S + 3 * S / 4 - 4];
        a = rgb[(S / 4) * S + S / 4 + 4];
        b = rgb[(3 * S / 4) * S + 3 * S / 4 - 4];
        if (w->color[ca] == w->color[cb]) {
            ck_assert_uint_gt(a & 0xff00, b & 0xff00);
        }
    }
    ck_assert_int_eq(planet_sample_ortho(w, 0.0, 0.0, 0, S, rgb, cell), OG_ERANGE);
    free(rgb);
    free(cell);
    world_unref(w);
}
END_TEST


/* The --globe image through the rasterizer: a disc of the right area,
 * transparent corners, and the same picture as the sampler (cell colours
 * with Lambert shading) at the centre. */
START_TEST(test_globe_raster)
{
    enum { S = 128 };
    struct world *w = run_planet(1000, 3, 1);
    struct raster *r;
    uint32_t rgb[S * S];
    size_t i, opaque = 0, same = 0, inside = 0;
    int32_t *cell = malloc(S * S * sizeof *cell);

    ck_assert_int_eq(globe_render_raster(w, 30.0, 20.0, S, &r, NULL), OG_OK);
    ck_assert_int_eq(planet_sample_ortho(w, 30.0, 20.0, S, S, rgb, cell), OG_OK);
    for (i = 0; i < (size_t)S * S; i++) {
        const uint8_t *px = &r->rgba[4 * i];
        uint32_t c = (uint32_t)px[0] << 16 | (uint32_t)px[1] << 8 | px[2];
        opaque += px[3] == 255;
        if (cell[i] >= 0 && px[3] == 255) {
            int dr = (int)(c >> 16) - (int)(rgb[i] >> 16);
            int dg = (int)(c >> 8 & 255) - (int)(rgb[i] >> 8 & 255);
            inside++;
            same += dr * dr + dg * dg < 40 * 40;
        }
    }
    /* the facets are chords of the sphere, so the disc is a little smaller */
    ck_assert(fabs((double)opaque / (M_PI * S * S / 4.0) - 1.0) < 0.04);
    ck_assert_int_eq(r->rgba[3], 0);
    ck_assert_int_eq(r->rgba[4 * ((size_t)S * S - 1) + 3], 0);
    /* most pixels show the sampler's cell colour, up to the shading model */
    ck_assert_msg(same > 0.9 * inside, "%zu of %zu pixels agree", same, inside);
    raster_free(r);
    free(cell);
    world_unref(w);
}
END_TEST


/* Four colours, none next to itself: always solvable on a planar graph
 * (four colour theorem), but greedy choices run into contradictions, so
 * this exercises the backtracking; the result must still obey every rule. */
START_TEST(test_wfc_four_colours)
{
    struct wfc_rules rules;
    struct planet_fixture f;
    struct og_error e;
    struct rng r;
    struct wfc_stats ws;
    uint32_t *dom;
    uint8_t *out;
    size_t i, contradictions = 0;
    uint64_t seed;
    int b;

    memset(&rules, 0, sizeof rules);
    rules.nbiomes = 4;
    for (b = 0; b < 4; b++) {
        rules.biome[b] = (struct wfc_biome){ "c", 0x808080, 0, 0, 90, WFC_SHORE_ANY, 1.0, 0, 90, 0, 1 };
        rules.forbid[b] = 1u << b;
    }
    /* about 300 vertices: larger triangulations make this search
     * heavy-tailed (1500 vertices often take over a million backtracks) */
    fixture_make(&f, 300, 8);
    dom = malloc(f.n * sizeof *dom);
    out = malloc(f.n);
    for (seed = 1; seed <= 5; seed++) {
        for (i = 0; i < f.n; i++) {
            dom[i] = 15u;
        }
        rng_for_stage(&r, seed, "wfc");
        ck_assert_msg(wfc_solve(&rules, &f.adj, dom, out, &r, 100000, &ws, NULL, &e) == OG_OK,
                      "%s", e.msg);
        ck_assert_int_eq(wfc_violations(&rules, &f.adj, dom, out, NULL), 0);
        contradictions += ws.backtracks;
    }
    /* not a proof of anything, but the backtracking did run */
    ck_assert_int_gt(contradictions, 0);
    free(dom);
    free(out);
    fixture_free(&f);
}
END_TEST

Suite *
planet_suite(void)
{
    Suite *s = suite_create("planet");
    TCase *tp = tcase_create("poisson");
    TCase *td = tcase_create("delaunay");
    TCase *tc = tcase_create("continents");
    TCase *tw = tcase_create("wfc");
    TCase *tg = tcase_create("generator");
    TCase *te = tcase_create("edit");

    tcase_add_test(tp, test_poisson_spacing);
    tcase_add_test(tp, test_poisson_count);
    tcase_add_test(tp, test_poisson_coverage);
    tcase_add_test(tp, test_poisson_contract);
    tcase_add_test(td, test_delaunay_sphere);
    tcase_add_test(td, test_delaunay_cospherical);
    tcase_add_test(td, test_delaunay_contract);
#ifdef HAVE_QHULL
    tcase_add_test(td, test_delaunay_qhull_oracle);
#endif
    tcase_add_loop_test(tc, test_continents_steps, 0, 4);
    tcase_add_test(tc, test_continents_contract);
    tcase_add_loop_test(tc, test_sutures_bend, 0, 2);
    tcase_add_test(tw, test_wfc_rules_hold);
    tcase_add_test(tw, test_wfc_unsatisfiable);
    tcase_add_test(tw, test_wfc_four_colours);
    tcase_set_timeout(tw, 10);
    tcase_add_test(tg, test_generator_world);
    tcase_add_test(tg, test_generator_determinism);
    tcase_add_test(tg, test_generator_relax_subdivide);
    tcase_add_test(tg, test_globe_sampler);
    tcase_add_test(tg, test_globe_raster);
    tcase_set_timeout(tg, 10);
    suite_add_tcase(s, tp);
    suite_add_tcase(s, td);
    suite_add_tcase(s, tc);
    suite_add_tcase(s, tw);
    suite_add_tcase(s, tg);
    tcase_add_test(te, test_edit_join_split);
    tcase_add_test(te, test_edit_new_island_and_errors);
    tcase_set_timeout(te, 10);
    suite_add_tcase(s, te);
    return s;
}
