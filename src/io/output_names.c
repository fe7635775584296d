/* output_names: one check over every file an export or a seed sweep will
 * write (io/output.h, issue 28 item 8).
 *
 * The names: each output's file, or for a tiled kind its tiles
 * (io/tiles.h tile_name); the world file and .aux.xml of every raster that
 * can carry georeferencing (map, heightmap, raw and their tiles:
 * io/georef.h georef_sidecars), counted whether or not this world turns
 * out to have any; a bundle's folder; all of them for every seed of a
 * sweep. Two equal names (after the folder is made canonical with
 * realpath) are refused before any work.
 *
 * Pass one hashes every name (FNV-1a, 64 bits) into an array and sorts it;
 * only a hash seen twice leads to pass two, which finds the two names
 * again and compares them as strings, so the answer is exact and the
 * memory is 8 bytes a name. A run of more than OUTPUT_NAMES_MAX names is
 * not checked across seeds (each seed's own check still runs). */
#include "config.h"
#include "io/output.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/georef.h"

#define OUTPUT_NAMES_MAX ((size_t)1 << 25)

/* Where a name comes from. */
struct origin {
    int kind;          /* enum output_id */
    uint64_t seed;
    int tx, ty;        /* tile, -1 when the output is not tiled */
    int sub;           /* 0 the file, 1 its world file, 2 its .aux.xml */
};

struct names_ctx {
    const char *const *path;
    const struct tile_grid *tiles;
    int sweep;
    uint64_t lo, hi;
    /* pass one */
    uint64_t *hash;
    size_t n, cap;
    int too_many;
    /* pass two: the hash looked for and the first name that had it */
    uint64_t want;
    int found;
    char first[PATH_MAX + 8];
    struct origin first_o;
    /* the folder cache of canon(): one entry per output kind's folder */
    struct {
        char dir[PATH_MAX], rdir[PATH_MAX];
        int ok;
    } fc[OUT_COUNT];
    int fc_next;
    /* the clash, when found */
    int clash;
    char name[PATH_MAX + 64];
    struct origin a, b;
};

static uint64_t
fnv1a(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s != '\0'; s++) {
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    }
    return h;
}

/* name with its folder made canonical (realpath when it exists). */
static void
canon(struct names_ctx *c, const char *name, char *out, size_t size)
{
    const char *slash = strrchr(name, '/');
    char dir[PATH_MAX];
    const char *base = slash != NULL ? slash + 1 : name;
    size_t dl = slash == NULL ? 1 : slash == name ? 1 : (size_t)(slash - name);
    int k;

    if (dl >= sizeof dir) {
        snprintf(out, size, "%s", name);
        return;
    }
    if (slash == NULL) {
        strcpy(dir, ".");
    } else {
        memcpy(dir, slash == name ? "/" : name, dl);
        dir[dl] = '\0';
    }
    for (k = 0; k < OUT_COUNT && strcmp(dir, c->fc[k].dir) != 0; k++) {
    }
    if (k == OUT_COUNT) {
        k = c->fc_next;
        c->fc_next = (c->fc_next + 1) % OUT_COUNT;
        snprintf(c->fc[k].dir, sizeof c->fc[k].dir, "%s", dir);
        c->fc[k].ok = realpath(dir, c->fc[k].rdir) != NULL;
    }
    snprintf(out, size, "%s/%s", c->fc[k].ok ? c->fc[k].rdir : dir, base);
}

/* One name: pass one stores its hash, pass two looks for c->want. */
static void
visit(struct names_ctx *c, const char *name, const struct origin *o)
{
    char cn[PATH_MAX + 8];
    uint64_t h;

    if (c->clash || c->too_many) {
        return;
    }
    canon(c, name, cn, sizeof cn);
    h = fnv1a(cn);
    if (c->want == 0) {
        if (c->n == c->cap) {
            size_t cap = c->cap > 0 ? 2 * c->cap : 1024;
            uint64_t *nh;
            if (cap > OUTPUT_NAMES_MAX || (nh = realloc(c->hash, cap * sizeof *nh)) == NULL) {
                c->too_many = 1;
                return;
            }
            c->hash = nh;
            c->cap = cap;
        }
        c->hash[c->n++] = h != 0 ? h : 1;
        return;
    }
    if ((h != 0 ? h : 1) != c->want) {
        return;
    }
    if (!c->found) {
        c->found = 1;
        snprintf(c->first, sizeof c->first, "%s", cn);
        c->first_o = *o;
    } else if (strcmp(c->first, cn) == 0) {
        c->clash = 1;
        snprintf(c->name, sizeof c->name, "%s", name);
        c->a = c->first_o;
        c->b = *o;
    }
}

/* pattern with every {seed} replaced by seed (a sweep), else as it is. */
static void
expand(const struct names_ctx *c, const char *pattern, uint64_t seed, char *out, size_t size)
{
    const char *p;
    size_t o = 0;
    char num[24];
    int k = snprintf(num, sizeof num, "%" PRIu64, seed);

    for (p = pattern; *p != '\0' && o + 1 < size;) {
        if (c->sweep && strncmp(p, "{seed}", 6) == 0 && o + (size_t)k + 1 < size) {
            memcpy(out + o, num, (size_t)k);
            o += (size_t)k;
            p += 6;
        } else {
            out[o++] = *p++;
        }
    }
    out[o] = '\0';
}

/* A raster file and, when georef, its sidecars. */
static void
visit_raster(struct names_ctx *c, const char *file, struct origin *o, int georef)
{
    char world[PATH_MAX + 16], aux[PATH_MAX + 16];

    o->sub = 0;
    visit(c, file, o);
    if (georef) {
        georef_sidecars(file, world, aux, sizeof world);
        o->sub = 1;
        visit(c, world, o);
        o->sub = 2;
        visit(c, aux, o);
    }
}

static void
enumerate(struct names_ctx *c)
{
    char name[PATH_MAX + 32], tile[PATH_MAX + 64];
    uint64_t seed = c->lo;
    int i, tx, ty;

    for (;;) {
        for (i = 0; i < OUT_COUNT; i++) {
            const struct output_kind *k = output_kind(i);
            const char *p = c->path[i];
            struct origin o = { i, seed, -1, -1, 0 };
            int georef = i == OUT_MAP || i == OUT_HEIGHTMAP || i == OUT_RAW;
            if (p == NULL || ((k->flags & OUTPUT_STDOUT) && strcmp(p, "-") == 0)) {
                continue;
            }
            expand(c, p, seed, name, sizeof name);
            if (k->flags & OUTPUT_FOLDER) {
                size_t n = strlen(name);
                while (n > 1 && name[n - 1] == '/') {
                    name[--n] = '\0';
                }
                visit(c, name, &o);
                continue;
            }
            if (!(k->flags & OUTPUT_TILED) || c->tiles == NULL || c->tiles->nx <= 0) {
                visit_raster(c, name, &o, georef);
                continue;
            }
            for (ty = 0; ty < c->tiles->ny; ty++) {
                for (tx = 0; tx < c->tiles->nx; tx++) {
                    if (c->tiles->only && (tx != c->tiles->tx || ty != c->tiles->ty)) {
                        continue;
                    }
                    if (tile_name(name, tx, ty, tile, sizeof tile) != 0) {
                        continue;   /* the writer names it */
                    }
                    o.tx = tx;
                    o.ty = ty;
                    visit_raster(c, tile, &o, georef);
                }
            }
        }
        if (!c->sweep || seed >= c->hi || c->clash || c->too_many) {
            break;
        }
        seed++;
    }
}

static int
cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* "the world file of tile 0,1 of --map a.png (seed 7)" */
static void
describe(const struct names_ctx *c, const struct origin *o, char *out, size_t size)
{
    static const char *const sub[3] = { "", "the world file of ", "the .aux.xml of " };
    char tile[48] = "";

    if (o->tx >= 0) {
        snprintf(tile, sizeof tile, "tile %d,%d of ", o->tx, o->ty);
    }
    if (c->sweep) {
        snprintf(out, size, "%s%s%s %s at seed %" PRIu64, sub[o->sub], tile,
                 output_kind(o->kind)->option, c->path[o->kind], o->seed);
    } else {
        snprintf(out, size, "%s%s%s %s", sub[o->sub], tile, output_kind(o->kind)->option,
                 c->path[o->kind]);
    }
}

enum og_status
output_names_check(const char *const path[OUT_COUNT], const struct tile_grid *tiles, int sweep,
                   uint64_t lo, uint64_t hi, struct og_error *err)
{
    struct names_ctx c;
    enum og_status st = OG_OK;
    size_t i;

    memset(&c, 0, sizeof c);
    c.path = path;
    c.tiles = tiles;
    c.sweep = sweep;
    c.lo = sweep ? lo : 0;
    c.hi = sweep ? hi : 0;
    enumerate(&c);
    if (c.too_many) {
        free(c.hash);
        return OG_OK;
    }
    if (c.n > 1) {   /* qsort of no names: NULL is not a valid array */
        qsort(c.hash, c.n, sizeof *c.hash, cmp_u64);
    }
    for (i = 1; i < c.n && !c.clash; i++) {
        if (c.hash[i] != c.hash[i - 1] || (i >= 2 && c.hash[i - 2] == c.hash[i])) {
            continue;   /* each repeated hash once */
        }
        c.want = c.hash[i];
        c.found = 0;
        enumerate(&c);
    }
    free(c.hash);
    if (c.clash) {
        char a[PATH_MAX + 128], b[PATH_MAX + 128];
        describe(&c, &c.a, a, sizeof a);
        describe(&c, &c.b, b, sizeof b);
        st = og_error_set(err, OG_EUSAGE, "%s and %s both write %s", a, b, c.name);
    }
    return st;
}
