#include "config.h"
#include "core/geom/adjacency.h"

#include <stdlib.h>
#include <string.h>

static int
cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* Ascending sort: a vertex's list holds each neighbour once or twice,
 * 6 or 12 entries, where qsort's calls cost more than an insertion sort;
 * long lists (a high-degree vertex) still go to qsort. Up to 8 entries
 * (a fan walk's list) go through Knuth's 19-comparator network with
 * branch-free compare-exchanges, padded with INT32_MAX: the insertion
 * sort's branches on random ids mispredicted about half the time. */
#define SORT_CX(i, j)                                                                         \
    do {                                                                                      \
        int32_t lo_ = v8[i] < v8[j] ? v8[i] : v8[j];                                          \
        int32_t hi_ = v8[i] < v8[j] ? v8[j] : v8[i];                                          \
        v8[i] = lo_;                                                                          \
        v8[j] = hi_;                                                                          \
    } while (0)

static void
sort_i32(int32_t *v, size_t n)
{
    size_t i, j;
    if (n <= 8) {
        int32_t v8[8];
        for (i = 0; i < 8; i++) {
            v8[i] = i < n ? v[i] : INT32_MAX;
        }
        SORT_CX(0, 2); SORT_CX(1, 3); SORT_CX(4, 6); SORT_CX(5, 7);
        SORT_CX(0, 4); SORT_CX(1, 5); SORT_CX(2, 6); SORT_CX(3, 7);
        SORT_CX(0, 1); SORT_CX(2, 3); SORT_CX(4, 5); SORT_CX(6, 7);
        SORT_CX(2, 4); SORT_CX(3, 5);
        SORT_CX(1, 4); SORT_CX(3, 6);
        SORT_CX(1, 2); SORT_CX(3, 4); SORT_CX(5, 6);
        for (i = 0; i < n; i++) {
            v[i] = v8[i];
        }
        return;
    }
    if (n > 48) {
        qsort(v, n, sizeof *v, cmp_i32);
        return;
    }
    for (i = 1; i < n; i++) {
        int32_t x = v[i];
        for (j = i; j > 0 && v[j - 1] > x; j--) {
            v[j] = v[j - 1];
        }
        v[j] = x;
    }
}

enum og_status
adjacency_from_triangles(struct adjacency *a, size_t n, const int32_t *triangles, size_t nt,
                         struct og_error *err)
{
    int32_t *cnt = NULL, *tmp = NULL;
    size_t i, total;
    int k;

    memset(a, 0, sizeof *a);
    if (nt > SIZE_MAX / 6 / sizeof(int32_t) || n >= (size_t)INT32_MAX || 6 * nt >= INT32_MAX) {
        return og_error_set(err, OG_ENOMEM, "adjacency: %zu triangles too many", nt);
    }
    for (i = 0; i < 3 * nt; i++) {
        if (triangles[i] < 0 || (size_t)triangles[i] >= n) {
            return og_error_set(err, OG_EINVAL, "adjacency: vertex id %ld outside [0, %zu)",
                                (long)triangles[i], n);
        }
    }
    cnt = calloc(n + 1, sizeof *cnt);
    tmp = malloc(6 * nt * sizeof *tmp + 1);
    if (cnt == NULL || tmp == NULL) {
        goto nomem;
    }
    /* every directed edge of every triangle, both ways, then sort and dedup */
    for (i = 0; i < nt; i++) {
        for (k = 0; k < 3; k++) {
            cnt[triangles[3 * i + k] + 1] += 2;
        }
    }
    for (i = 0; i < n; i++) {
        cnt[i + 1] += cnt[i];
    }
    {
        int32_t *fill = malloc((n + 1) * sizeof *fill);
        if (fill == NULL) {
            goto nomem;
        }
        memcpy(fill, cnt, (n + 1) * sizeof *fill);
        for (i = 0; i < nt; i++) {
            for (k = 0; k < 3; k++) {
                int32_t u = triangles[3 * i + k];
                tmp[fill[u]++] = triangles[3 * i + (k + 1) % 3];
                tmp[fill[u]++] = triangles[3 * i + (k + 2) % 3];
            }
        }
        free(fill);
    }
    a->start = malloc((n + 1) * sizeof *a->start);
    if (a->start == NULL) {
        goto nomem;
    }
    total = 0;
    for (i = 0; i < n; i++) {
        int32_t b = cnt[i], e = cnt[i + 1], j;
        sort_i32(tmp + b, (size_t)(e - b));
        a->start[i] = (int32_t)total;
        for (j = b; j < e; j++) {
            if (j == b || tmp[j] != tmp[j - 1]) {
                tmp[total++] = tmp[j];
            }
        }
    }
    a->start[n] = (int32_t)total;
    a->nbr = realloc(tmp, total * sizeof *tmp + 1);
    if (a->nbr == NULL) {
        a->nbr = tmp;
    }
    a->n = n;
    free(cnt);
    return OG_OK;

nomem:
    free(cnt);
    free(tmp);
    free(a->start);
    memset(a, 0, sizeof *a);
    return og_error_set(err, OG_ENOMEM, "out of memory for the neighbours of %zu vertices", n);
}

enum og_status
adjacency_from_halfedges(struct adjacency *a, size_t n, const int32_t *triangles,
                         const int32_t *halfedges, size_t nt, struct og_error *err)
{
    size_t ne = 3 * nt, i, total = 0;
    int32_t *in = NULL;

    memset(a, 0, sizeof *a);
    if (nt > SIZE_MAX / 6 / sizeof(int32_t) || n >= (size_t)INT32_MAX || ne >= INT32_MAX) {
        return og_error_set(err, OG_ENOMEM, "adjacency: %zu triangles too many", nt);
    }
    for (i = 0; i < ne; i++) {
        if (triangles[i] < 0 || (size_t)triangles[i] >= n) {
            return og_error_set(err, OG_EINVAL, "adjacency: vertex id %ld outside [0, %zu)",
                                (long)triangles[i], n);
        }
        if (halfedges[i] < 0 || (size_t)halfedges[i] >= ne) {
            return og_error_set(err, OG_EINVAL, "adjacency: half-edge %zu has no twin", i);
        }
    }
    /* one incoming half-edge per vertex (-1: unused vertex): the edge
     * before one that starts there */
    in = malloc((n > 0 ? n : 1) * sizeof *in);
    a->start = malloc((n + 1) * sizeof *a->start);
    a->nbr = malloc(ne * sizeof *a->nbr + 1);
    if (in == NULL || a->start == NULL || a->nbr == NULL) {
        free(in);
        adjacency_fini(a);
        return og_error_set(err, OG_ENOMEM, "out of memory for the neighbours of %zu vertices",
                            n);
    }
    for (i = 0; i < n; i++) {
        in[i] = -1;
    }
    for (i = 0; i < ne; i++) {
        int32_t e = (int32_t)i;
        in[triangles[e]] = e % 3 == 0 ? e + 2 : e - 1;
    }
    /* around vertex v: e ends at v, its next starts at v, and that one's
     * twin ends at v again; the starts of the incoming edges are the
     * neighbours, each once */
    for (i = 0; i < n; i++) {
        int32_t start = in[i], e = start;
        size_t b = total;
        a->start[i] = (int32_t)total;
        if (start < 0) {
            continue;
        }
        do {
            if (total == ne) {
                free(in);
                adjacency_fini(a);
                return og_error_set(err, OG_EINVAL,
                                    "adjacency: the fan of vertex %zu does not close", i);
            }
            a->nbr[total++] = triangles[e];
            e = halfedges[e % 3 == 2 ? e - 2 : e + 1];
        } while (e != start);
        sort_i32(a->nbr + b, total - b);
    }
    a->start[n] = (int32_t)total;
    a->n = n;
    free(in);
    return OG_OK;
}

void
adjacency_fini(struct adjacency *a)
{
    free(a->start);
    free(a->nbr);
    memset(a, 0, sizeof *a);
}

int
adjacency_has(const struct adjacency *a, int32_t u, int32_t v)
{
    int32_t lo = a->start[u], hi = a->start[u + 1];
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (a->nbr[mid] < v) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo < a->start[u + 1] && a->nbr[lo] == v;
}

int
adjacency_common(const struct adjacency *a, int32_t u, int32_t v, int32_t *out, int max)
{
    int32_t i = a->start[u], ie = a->start[u + 1], j = a->start[v], je = a->start[v + 1];
    int k = 0;
    while (i < ie && j < je && k < max) {
        if (a->nbr[i] < a->nbr[j]) {
            i++;
        } else if (a->nbr[i] > a->nbr[j]) {
            j++;
        } else {
            out[k++] = a->nbr[i];
            i++;
            j++;
        }
    }
    return k;
}

size_t
adjacency_edges(const struct adjacency *a)
{
    return a->n > 0 ? (size_t)a->start[a->n] / 2 : 0;
}
