#include "config.h"
#include "core/adjacency.h"

#include <stdlib.h>
#include <string.h>

static int
cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* Ascending sort: a vertex's list holds each neighbour twice, about 12
 * entries, where qsort's calls cost more than an insertion sort; long
 * lists (a high-degree vertex) still go to qsort. */
static void
sort_i32(int32_t *v, size_t n)
{
    size_t i, j;
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
