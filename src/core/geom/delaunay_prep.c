/* delaunay_prep: the parts of a triangulation around the insertion
 * (core/geom/delaunay_internal.h): prefaulted allocation, the radix sort of the
 * insertion keys, the result for collinear or too few points, and the work
 * state's release. */
#include "config.h"

#include "core/geom/delaunay.h"

#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "core/geom/delaunay_internal.h"

/* malloc for the big work and output arrays (freed with free()), asking
 * Linux for transparent huge pages and to fault the pages in with one call
 * instead of one fault per page as the insertion first touches them: most
 * of the kernel time of a triangulation is those faults. Advice only;
 * ignored elsewhere. */
void *
dl_alloc(size_t bytes)
{
    void *p = malloc(bytes);
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
    if (p != NULL && bytes >= ((size_t)1 << 20)) {
        const uintptr_t page = 4096;
        uintptr_t a = ((uintptr_t)p + page - 1) & ~(page - 1);
        uintptr_t b = ((uintptr_t)p + bytes) & ~(page - 1);
#if defined(MADV_HUGEPAGE)
        /* 2 MiB pages where the kernel has them: the triangle arrays of a
         * million points span 12 000 small pages, far more than the TLB
         * holds, and each walk and flip lands on a different one. */
        (void)madvise((void *)a, (size_t)(b - a), MADV_HUGEPAGE);
#endif
        (void)madvise((void *)a, (size_t)(b - a), MADV_POPULATE_WRITE);
    }
#endif
    return p;
}

/* Stable LSD radix sort of 64-bit items on their upper 32 bits; returns
 * the array holding the result (tmp). */
const uint64_t *
dl_radix_sort(uint64_t *v, uint64_t *tmp, size_t n)
{
    static const int shifts[3] = {32, 43, 54};
    static const int bits[3] = {11, 11, 10};
    size_t count[2048];
    int pass;

    for (pass = 0; pass < 3; pass++) {
        size_t nb = (size_t)1 << bits[pass], i, sum = 0;
        uint64_t mask = nb - 1;
        int sh = shifts[pass];
        uint64_t *src = (pass % 2 == 0) ? v : tmp;
        uint64_t *dst = (pass % 2 == 0) ? tmp : v;

        memset(count, 0, nb * sizeof count[0]);
        for (i = 0; i < n; i++) {
            count[(src[i] >> sh) & mask]++;
        }
        for (i = 0; i < nb; i++) {
            size_t c = count[i];
            count[i] = sum;
            sum += c;
        }
        for (i = 0; i < n; i++) {
            dst[count[(src[i] >> sh) & mask]++] = src[i];
        }
    }
    /* Three passes leave the result in tmp. */
    return tmp;
}

/* Fewer than three non-collinear points: no triangles; the hull lists the
 * distinct points sorted along their line. */
enum og_status
dl_collinear(struct delaunay *d, const double *xy, size_t n, struct og_error *err)
{
    size_t *idx = malloc(n * sizeof *idx);
    size_t i, k = 0;

    if (idx == NULL || (d->hull = malloc(n * sizeof *d->hull)) == NULL) {
        free(idx);
        return og_error_set(err, OG_ENOMEM, "delaunay: out of memory for %zu points", n);
    }
    for (i = 0; i < n; i++) {
        idx[i] = i;
    }
    {
        /* Stable bottom-up merge sort on (x, y): ties keep input order, so
         * the first of a run of duplicates is the one kept. */
        size_t *tmp = malloc(n * sizeof *tmp);
        size_t width;
        if (tmp == NULL) {
            free(idx);
            free(d->hull);
            d->hull = NULL;
            return og_error_set(err, OG_ENOMEM, "delaunay: out of memory for %zu points", n);
        }
        for (width = 1; width < n; width *= 2) {
            size_t lo;
            for (lo = 0; lo < n; lo += 2 * width) {
                size_t mid = lo + width < n ? lo + width : n;
                size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
                size_t p = lo, q = mid, o = lo;
                while (p < mid || q < hi) {
                    int takep;
                    if (q >= hi) {
                        takep = 1;
                    } else if (p >= mid) {
                        takep = 0;
                    } else {
                        const double *u = xy + 2 * idx[p], *v = xy + 2 * idx[q];
                        takep = u[0] < v[0] || (u[0] == v[0] && u[1] <= v[1]);
                    }
                    tmp[o++] = takep ? idx[p++] : idx[q++];
                }
            }
            memcpy(idx, tmp, n * sizeof *idx);
        }
        free(tmp);
    }
    for (i = 0; i < n; i++) {
        const double *p = xy + 2 * idx[i];
        if (k > 0) {
            const double *q = xy + 2 * (size_t)d->hull[k - 1];
            if (p[0] == q[0] && p[1] == q[1]) {
                d->nduplicates++;
                continue;
            }
        }
        d->hull[k++] = (int32_t)idx[i];
    }
    d->nhull = k;
    free(idx);
    return OG_OK;
}

/* Renumber the triangles of s by their smallest corner (a stable counting
 * sort over the n local ids; the twins follow). */
enum og_status
dl_sort_triangles(struct dl *s, size_t n)
{
    size_t nt = (size_t)s->nedges / 3, t, i;
    uint32_t *pos = calloc(n + 1, sizeof *pos), *nid = malloc((nt > 0 ? nt : 1) * sizeof *nid);
    int32_t *tri = dl_alloc((3 * nt > 0 ? 3 * nt : 1) * sizeof *tri);
    int32_t *half = dl_alloc((3 * nt > 0 ? 3 * nt : 1) * sizeof *half);
    const int32_t *t0 = s->tri, *h0 = s->half;

    if (pos == NULL || nid == NULL || tri == NULL || half == NULL) {
        free(pos);
        free(nid);
        free(tri);
        free(half);
        return OG_ENOMEM;
    }
    /* nid holds each triangle's key (smallest corner), then its new id */
    for (t = 0; t < nt; t++) {
        uint32_t key = (uint32_t)dl_min3(t0 + 3 * t);
        nid[t] = key;
        pos[key + 1]++;
    }
    for (i = 0; i < n; i++) {
        pos[i + 1] += pos[i];
    }
    for (t = 0; t < nt; t++) {
        nid[t] = pos[nid[t]]++;
    }
    free(pos);
    for (t = 0; t < nt; t++) {
        size_t u = 3 * (size_t)nid[t];
        int k;
        for (k = 0; k < 3; k++) {
            int32_t h = h0[3 * t + k];
            tri[u + k] = t0[3 * t + k];
            if (h >= 0) {
                uint32_t th = (uint32_t)h / 3u;
                h = (int32_t)(3 * nid[th] + ((uint32_t)h - 3 * th));
            }
            half[u + k] = h;
        }
    }
    free(nid);
    free(s->tri);
    free(s->half);
    s->tri = tri;
    s->half = half;
    return OG_OK;
}

void
dl_free(struct dl *s)
{
    free(s->hnext);
    free(s->hprev);
    free(s->hedge);
    free(s->stack);
}

/* Local ids for a result without an insertion (no points, or all collinear):
 * the identity, and a copy of the points. */
enum og_status
dl_identity(const double *xy, size_t n, int32_t **order, double **pts)
{
    size_t k;

    *order = malloc((n > 0 ? n : 1) * sizeof **order);
    *pts = malloc((n > 0 ? 2 * n : 1) * sizeof **pts);
    if (*order == NULL || *pts == NULL) {
        free(*order);
        free(*pts);
        *order = NULL;
        *pts = NULL;
        return OG_ENOMEM;
    }
    for (k = 0; k < n; k++) {
        (*order)[k] = (int32_t)k;
    }
    if (n > 0) {
        memcpy(*pts, xy, 2 * n * sizeof **pts);
    }
    return OG_OK;
}
