/* Parallel PNG filtering and deflate in fixed chunks (pngio_deflate.h). */
#include "config.h"
#include "io/png/pngio_deflate.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "core/base/parallel.h"

#define DICT_BYTES 32768u /* deflate's window: the dictionary of a chunk */
#define GROUP_PER_THREAD 8 /* chunks of a group per thread of the team ... */
#define GROUP_BYTES (8u << 20) /* ... within this many filtered bytes (at least a chunk a thread) */

enum { FILTER_NONE = 0, FILTER_SUB = 1, FILTER_UP = 2 };

/* One chunk of the current group: its filtered bytes and their deflate. */
struct slot {
    uint8_t *filt;
    size_t used;          /* filtered bytes */
    uint8_t *out;
    size_t olen, ocap;    /* compressed bytes, capacity */
    uLong adler;          /* Adler-32 of the filtered bytes */
};

struct pngio_idat {
    size_t rowbytes, flen;     /* a row, and a filtered row (its filter byte first) */
    int bpp, level, filter, strategy;
    uint32_t height, rows;     /* rows a chunk */
    size_t nchunks, group;     /* chunks in all, and at most in a group */
    const uint8_t *image;      /* the whole image, or NULL: rows come in groups */
    uint8_t *raw;              /* group * rows rows (image NULL) */
    uint8_t *prev;             /* the row before the group (image NULL) */
    struct slot *slots;        /* group */
    uint8_t carry[DICT_BYTES]; /* the end of the previous group's last chunk */
    size_t carry_len;
    uLong adler;               /* of the filtered bytes so far */
    size_t next, chunk0, count;/* next chunk to give; the group's first and count */
    uint32_t y0, y1;           /* the group's rows */
    struct og_team *team;
    z_stream *zs[OG_MAX_THREADS]; /* one per worker, made on first use */
    uint8_t *dict[OG_MAX_THREADS];/* per worker: the previous chunk's end, filtered again */
};

enum og_status
pngio_idat_new(struct pngio_idat **out, size_t rowbytes, int bpp, uint32_t height, int level,
               const uint8_t *rows, int threads, struct og_error *err)
{
    struct pngio_idat *z = calloc(1, sizeof *z);
    size_t k, r;
    enum og_status st;

    *out = NULL;
    if (z == NULL) {
        return og_error_set(err, OG_ENOMEM, "PNG encoder: out of memory");
    }
    z->rowbytes = rowbytes;
    z->flen = rowbytes + 1;
    z->bpp = bpp;
    z->level = level;
    z->filter = level == 0 ? FILTER_NONE : level == 1 ? FILTER_SUB : FILTER_UP;
    z->strategy = level == 1 ? Z_RLE : Z_DEFAULT_STRATEGY;
    z->height = height;
    r = PNGIO_CHUNK_BYTES / z->flen;
    z->rows = r < 1 ? 1 : r > height ? height : (uint32_t)r;
    z->nchunks = (height + z->rows - 1) / z->rows;
    z->image = rows;
    z->adler = adler32(0L, Z_NULL, 0);
    st = og_team_new(&z->team, threads, err);
    if (st != OG_OK) {
        free(z);
        return st;
    }
    z->group = (size_t)GROUP_PER_THREAD * (size_t)og_team_size(z->team);
    if (z->group * z->rows * z->flen > GROUP_BYTES) {
        size_t g = GROUP_BYTES / (z->rows * z->flen);
        z->group = g > (size_t)og_team_size(z->team) ? g : (size_t)og_team_size(z->team);
    }
    if (z->group > z->nchunks) {
        z->group = z->nchunks;
    }
    z->slots = calloc(z->group, sizeof *z->slots);
    if (z->slots == NULL) {
        pngio_idat_free(z);
        return og_error_set(err, OG_ENOMEM, "PNG encoder: out of memory");
    }
    for (k = 0; k < z->group; k++) {
        z->slots[k].filt = malloc(z->rows * z->flen);
        if (z->slots[k].filt == NULL) {
            pngio_idat_free(z);
            return og_error_set(err, OG_ENOMEM, "PNG encoder: out of memory for %u rows",
                                (unsigned)z->rows);
        }
    }
    if (rows == NULL) {
        z->raw = malloc(z->group * z->rows * rowbytes);
        z->prev = malloc(rowbytes);
        if (z->raw == NULL || z->prev == NULL) {
            pngio_idat_free(z);
            return og_error_set(err, OG_ENOMEM, "PNG encoder: out of memory for %zu rows",
                                z->group * z->rows);
        }
    }
    *out = z;
    return OG_OK;
}

int
pngio_idat_group(struct pngio_idat *z, uint32_t *y0, uint32_t *y1)
{
    uint64_t end;

    if (z->next >= z->nchunks) {
        return 0;
    }
    z->chunk0 = z->next;
    z->count = z->nchunks - z->next < z->group ? z->nchunks - z->next : z->group;
    z->next += z->count;
    end = (uint64_t)(z->chunk0 + z->count) * z->rows;
    z->y0 = (uint32_t)(z->chunk0 * z->rows);
    z->y1 = end < z->height ? (uint32_t)end : z->height;
    *y0 = z->y0;
    *y1 = z->y1;
    return 1;
}

uint8_t *
pngio_idat_row(struct pngio_idat *z, uint32_t y)
{
    return z->raw + (size_t)(y - z->y0) * z->rowbytes;
}

/* Raw row y (y0 - 1 <= y < y1 unless the image is in memory). */
static const uint8_t *
raw_row(const struct pngio_idat *z, uint32_t y)
{
    if (z->image != NULL) {
        return z->image + (size_t)y * z->rowbytes;
    }
    return y < z->y0 ? z->prev : z->raw + (size_t)(y - z->y0) * z->rowbytes;
}

/* One row through the image's filter: f[0] the filter type, f[1..] the
 * filtered bytes (PNG spec, section 9); prev is NULL on the first row. */
static void
filter_row(const struct pngio_idat *z, const uint8_t *restrict raw,
           const uint8_t *restrict prev, uint8_t *restrict f)
{
    size_t i, n = z->rowbytes, b = (size_t)z->bpp;

    f[0] = (uint8_t)z->filter;
    f++;
    if (z->filter == FILTER_NONE || (z->filter == FILTER_UP && prev == NULL)) {
        memcpy(f, raw, n);
    } else if (z->filter == FILTER_UP) {
        for (i = 0; i < n; i++) {
            f[i] = (uint8_t)(raw[i] - prev[i]);
        }
    } else {
        memcpy(f, raw, b < n ? b : n);
        for (i = b; i < n; i++) {
            f[i] = (uint8_t)(raw[i] - raw[i - b]);
        }
    }
}

/* Rows [ya, yb) filtered into f. */
static void
filter_rows(const struct pngio_idat *z, uint32_t ya, uint32_t yb, uint8_t *f)
{
    uint32_t y;

    for (y = ya; y < yb; y++) {
        filter_row(z, raw_row(z, y), y > 0 ? raw_row(z, y - 1) : NULL,
                   f + (size_t)(y - ya) * z->flen);
    }
}

/* The dictionary of chunk c (> 0): the last DICT_BYTES filtered bytes of
 * chunk c - 1. Its first chunk of a group takes them from the previous
 * group (carry); the others filter the last rows of chunk c - 1 again
 * from the raw rows, so that no chunk waits for another. */
static enum og_status
chunk_dict(struct pngio_idat *z, size_t j, int w, const uint8_t **d, size_t *dl,
           struct og_error *err)
{
    uint32_t pa = (uint32_t)((z->chunk0 + j - 1) * z->rows), pb = pa + z->rows, nr;
    size_t have;

    if (j == 0) {
        *d = z->carry;
        *dl = z->carry_len;
        return OG_OK;
    }
    nr = (uint32_t)((DICT_BYTES + z->flen - 1) / z->flen);
    nr = nr < z->rows ? nr : z->rows;
    if (z->dict[w] == NULL) {
        z->dict[w] = malloc((size_t)nr * z->flen);
        if (z->dict[w] == NULL) {
            return og_error_set(err, OG_ENOMEM, "PNG encoder: out of memory");
        }
    }
    filter_rows(z, pb - nr, pb, z->dict[w]);
    have = (size_t)nr * z->flen;
    *dl = have < DICT_BYTES ? have : DICT_BYTES;
    *d = z->dict[w] + have - *dl;
    return OG_OK;
}

static enum og_status
slot_grow(struct slot *s, size_t need, struct og_error *err)
{
    if (s->ocap - s->olen < need) {
        size_t cap = s->ocap * 2 > s->olen + need ? s->ocap * 2 : s->olen + need;
        uint8_t *p = realloc(s->out, cap);
        if (p == NULL) {
            return og_error_set(err, OG_ENOMEM, "PNG encoder: out of memory");
        }
        s->out = p;
        s->ocap = cap;
    }
    return OG_OK;
}

/* Per chunk of the group: its rows filtered, their Adler-32 and their raw
 * deflate data (after the zlib header for the first chunk of the image),
 * primed with the previous chunk's end. */
static enum og_status
chunk_batch(void *arg, size_t j, size_t begin, size_t end, struct og_error *err)
{
    struct pngio_idat *z = arg;
    struct slot *s = &z->slots[j];
    size_t c = z->chunk0 + j;
    uint32_t ya = (uint32_t)(c * z->rows), yb = ya + z->rows < z->height ? ya + z->rows : z->height;
    int w = og_parallel_worker(), flush = c + 1 == z->nchunks ? Z_FINISH : Z_SYNC_FLUSH, ret;
    z_stream *zs = z->zs[w];

    (void)begin;
    (void)end;
    filter_rows(z, ya, yb, s->filt);
    s->used = (size_t)(yb - ya) * z->flen;
    s->adler = adler32(adler32(0L, Z_NULL, 0), s->filt, (uInt)s->used);
    if (zs == NULL) {
        zs = calloc(1, sizeof *zs);
        if (zs == NULL) {
            return og_error_set(err, OG_ENOMEM, "PNG encoder: out of memory for zlib");
        }
        if (deflateInit2(zs, z->level, Z_DEFLATED, -15, 8, z->strategy) != Z_OK) {
            free(zs);
            return og_error_set(err, OG_ENOMEM, "PNG encoder: zlib cannot start");
        }
        z->zs[w] = zs;
    } else if (deflateReset(zs) != Z_OK) {
        return og_error_set(err, OG_EIO, "PNG encoder: zlib reset failed");
    }
    if (c > 0) {
        const uint8_t *d = NULL;
        size_t dl = 0;
        if (chunk_dict(z, j, w, &d, &dl, err) != OG_OK) {
            return OG_ENOMEM;
        }
        if (deflateSetDictionary(zs, d, (uInt)dl) != Z_OK) {
            return og_error_set(err, OG_EIO, "PNG encoder: zlib refused a dictionary");
        }
    }
    s->olen = 0;
    if (slot_grow(s, deflateBound(zs, (uLong)s->used) + 64, err) != OG_OK) {
        return OG_ENOMEM;
    }
    if (c == 0) {
        /* RFC 1950 header: deflate, 32 KiB window, FLEVEL as zlib's own */
        unsigned flevel = z->strategy >= Z_HUFFMAN_ONLY || z->level < 2 ? 0
                          : z->level < 6 ? 1 : z->level == 6 ? 2 : 3;
        unsigned h = (0x78u << 8) | (flevel << 6);
        h += 31 - h % 31;
        s->out[s->olen++] = (uint8_t)(h >> 8);
        s->out[s->olen++] = (uint8_t)h;
    }
    zs->next_in = s->filt;
    zs->avail_in = (uInt)s->used;
    for (;;) {
        if (slot_grow(s, 64, err) != OG_OK) {
            return OG_ENOMEM;
        }
        zs->next_out = s->out + s->olen;
        zs->avail_out = (uInt)(s->ocap - s->olen);
        ret = deflate(zs, flush);
        s->olen = s->ocap - zs->avail_out;
        if (ret == Z_STREAM_ERROR) {
            return og_error_set(err, OG_EIO, "PNG encoder: zlib failed");
        }
        if (flush == Z_FINISH ? ret == Z_STREAM_END : zs->avail_out != 0) {
            break;
        }
    }
    return OG_OK;
}

enum og_status
pngio_idat_compress(struct pngio_idat *z, struct og_error *err)
{
    struct slot *last = &z->slots[z->count - 1];
    enum og_status st;
    size_t k;

    st = og_team_for(z->team, z->count, 1, chunk_batch, z, err);
    if (st != OG_OK) {
        return st;
    }
    for (k = 0; k < z->count; k++) {
        z->adler = adler32_combine(z->adler, z->slots[k].adler, (z_off_t)z->slots[k].used);
    }
    /* what the next group needs of this one */
    z->carry_len = last->used < DICT_BYTES ? last->used : DICT_BYTES;
    memcpy(z->carry, last->filt + last->used - z->carry_len, z->carry_len);
    if (z->image == NULL) {
        memcpy(z->prev, raw_row(z, z->y1 - 1), z->rowbytes);
    }
    if (z->next >= z->nchunks) {
        /* the zlib trailer: Adler-32 of the filtered data, big-endian */
        if (slot_grow(last, 4, err) != OG_OK) {
            return OG_ENOMEM;
        }
        last->out[last->olen++] = (uint8_t)(z->adler >> 24);
        last->out[last->olen++] = (uint8_t)(z->adler >> 16);
        last->out[last->olen++] = (uint8_t)(z->adler >> 8);
        last->out[last->olen++] = (uint8_t)z->adler;
    }
    return OG_OK;
}

size_t
pngio_idat_pieces(const struct pngio_idat *z)
{
    return z->count;
}

const uint8_t *
pngio_idat_piece(const struct pngio_idat *z, size_t k, size_t *len)
{
    *len = z->slots[k].olen;
    return z->slots[k].out;
}

void
pngio_idat_free(struct pngio_idat *z)
{
    size_t k;

    if (z == NULL) {
        return;
    }
    for (k = 0; k < OG_MAX_THREADS; k++) {
        if (z->zs[k] != NULL) {
            deflateEnd(z->zs[k]);
            free(z->zs[k]);
        }
        free(z->dict[k]);
    }
    for (k = 0; z->slots != NULL && k < z->group; k++) {
        free(z->slots[k].filt);
        free(z->slots[k].out);
    }
    free(z->slots);
    free(z->raw);
    free(z->prev);
    og_team_free(z->team);
    free(z);
}
