/* The PNG reader on hand-built files with the chunk kinds and formats our
 * writer never produces: palettes with tRNS, 1/2/4-bit grey, zTXt and
 * iTXt text, and images too large to read. */
#include "config.h"
#include "tests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/dem/dem.h"
#include "io/png/pngio.h"

/* Outputs go to the build tree (CLEANFILES: tests/out-*.png). */
#define OUT_BAD "tests/out-pngio-read.png"

/* --- a tiny PNG builder for chunk kinds our writer never produces ------- */

struct pngbuf {
    unsigned char b[4096];
    size_t n;
};

static uint32_t
crc32_of(const unsigned char *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    size_t i;
    int k;

    for (i = 0; i < n; i++) {
        c ^= p[i];
        for (k = 0; k < 8; k++) {
            c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
        }
    }
    return c ^ 0xffffffffu;
}

static void
put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

static void
chunk(struct pngbuf *pb, const char *type, const unsigned char *data, size_t len)
{
    ck_assert_uint_lt(pb->n + len + 12, sizeof pb->b);
    put32(pb->b + pb->n, (uint32_t)len);
    memcpy(pb->b + pb->n + 4, type, 4);
    if (len > 0) {
        memcpy(pb->b + pb->n + 8, data, len);
    }
    put32(pb->b + pb->n + 8 + len, crc32_of(pb->b + pb->n + 4, len + 4));
    pb->n += len + 12;
}

/* A zlib stream holding data in one stored (uncompressed) deflate block. */
static size_t
zlib_stored(unsigned char *out, const unsigned char *data, size_t len)
{
    uint32_t a = 1, b = 0;
    size_t i;

    out[0] = 0x78;
    out[1] = 0x01;
    out[2] = 0x01; /* final block, stored */
    out[3] = (unsigned char)(len & 0xff);
    out[4] = (unsigned char)(len >> 8);
    out[5] = (unsigned char)(~len & 0xff);
    out[6] = (unsigned char)((~len >> 8) & 0xff);
    memcpy(out + 7, data, len);
    for (i = 0; i < len; i++) {
        a = (a + data[i]) % 65521u;
        b = (b + a) % 65521u;
    }
    put32(out + 7 + len, b << 16 | a);
    return len + 11;
}

static void
png_start(struct pngbuf *pb, uint32_t w, uint32_t h, int depth, int color_type)
{
    unsigned char ihdr[13];

    pb->n = 0;
    memcpy(pb->b, "\x89PNG\r\n\x1a\n", 8);
    pb->n = 8;
    put32(ihdr, w);
    put32(ihdr + 4, h);
    ihdr[8] = (unsigned char)depth;
    ihdr[9] = (unsigned char)color_type;
    ihdr[10] = ihdr[11] = ihdr[12] = 0;
    chunk(pb, "IHDR", ihdr, sizeof ihdr);
}

static void
png_finish(struct pngbuf *pb, const unsigned char *raw, size_t len)
{
    unsigned char z[1024];

    chunk(pb, "IDAT", z, zlib_stored(z, raw, len));
    chunk(pb, "IEND", NULL, 0);
}

START_TEST(test_read_palette_ignores_trns)
{
    /* 5x2, 2-bit palette, tRNS present: must come back as RGB, no alpha */
    static const unsigned char plte[] = {10, 20, 30, 200, 100, 0, 1, 2, 255};
    static const unsigned char trns[] = {0, 128, 255};
    /* indices row0: 0 1 2 1 0, row1: 2 2 0 0 1 (MSB first, 2 bits) */
    static const unsigned char raw[] = {0, 0x19, 0x00, 0, 0xa0, 0x40};
    static const int idx[10] = {0, 1, 2, 1, 0, 2, 2, 0, 0, 1};
    struct pngbuf pb;
    struct dem_raster r;
    struct og_error err;
    int i, c;

    png_start(&pb, 5, 2, 2, 3);
    chunk(&pb, "PLTE", plte, sizeof plte);
    chunk(&pb, "tRNS", trns, sizeof trns);
    png_finish(&pb, raw, sizeof raw);
    test_spit(OUT_BAD, pb.b, pb.n);
    ck_assert_int_eq(pngio_read_raster(OUT_BAD, &r, &err), OG_OK);
    ck_assert_int_eq(r.width, 5);
    ck_assert_int_eq(r.height, 2);
    ck_assert_int_eq(r.channels, 3);
    ck_assert_int_eq(r.bit_depth, 8);
    for (i = 0; i < 10; i++) {
        for (c = 0; c < 3; c++) {
            ck_assert_uint_eq(r.samples[3 * i + c], plte[3 * idx[i] + c]);
        }
    }
    dem_raster_fini(&r);

    /* an index past the palette is an error, not a guess */
    png_start(&pb, 5, 2, 2, 3);
    chunk(&pb, "PLTE", plte, 6);
    png_finish(&pb, raw, sizeof raw);
    test_spit(OUT_BAD, pb.b, pb.n);
    ck_assert_int_eq(pngio_read_raster(OUT_BAD, &r, &err), OG_EFORMAT);
    ck_assert_ptr_nonnull(strstr(err.msg, "palette index 2 outside [0, 1]"));
    unlink(OUT_BAD);
}
END_TEST

START_TEST(test_read_lowbit_gray)
{
    /* 9x1 1-bit grey: 1 0 1 1 0 0 0 0 1 */
    static const unsigned char raw1[] = {0, 0xb0, 0x80};
    static const int bits[9] = {1, 0, 1, 1, 0, 0, 0, 0, 1};
    /* 3x1 4-bit grey: 0 7 15 */
    static const unsigned char raw4[] = {0, 0x07, 0xf0};
    struct pngbuf pb;
    struct dem_raster r;
    struct og_error err;
    int i;

    png_start(&pb, 9, 1, 1, 0);
    png_finish(&pb, raw1, sizeof raw1);
    test_spit(OUT_BAD, pb.b, pb.n);
    ck_assert_int_eq(pngio_read_raster(OUT_BAD, &r, &err), OG_OK);
    ck_assert_int_eq(r.channels, 1);
    ck_assert_int_eq(r.bit_depth, 8);
    for (i = 0; i < 9; i++) {
        ck_assert_uint_eq(r.samples[i], bits[i] ? 255 : 0);
    }
    dem_raster_fini(&r);

    png_start(&pb, 3, 1, 4, 0);
    png_finish(&pb, raw4, sizeof raw4);
    test_spit(OUT_BAD, pb.b, pb.n);
    ck_assert_int_eq(pngio_read_raster(OUT_BAD, &r, &err), OG_OK);
    ck_assert_uint_eq(r.samples[0], 0);
    ck_assert_uint_eq(r.samples[1], 7 * 17);
    ck_assert_uint_eq(r.samples[2], 255);
    dem_raster_fini(&r);
    unlink(OUT_BAD);
}
END_TEST

START_TEST(test_read_ztxt_itxt)
{
    static const unsigned char raw[] = {0, 42};
    unsigned char buf[256], z[128];
    size_t len, zl;
    struct pngbuf pb;
    struct og_error err;
    char **k, **v;
    size_t n;

    png_start(&pb, 1, 1, 8, 0);
    chunk(&pb, "tEXt", (const unsigned char *)"Title\0Fuji", 10);
    memcpy(buf, "Comment\0\0", 9);
    zl = zlib_stored(z, (const unsigned char *)"compressed words", 16);
    memcpy(buf + 9, z, zl);
    chunk(&pb, "zTXt", buf, 9 + zl);
    memcpy(buf, "Author\0\0\0en\0Autor\0J\xc3\xb6rg", 24);
    len = 24;
    chunk(&pb, "iTXt", buf, len);
    {
        unsigned char zz[64];
        chunk(&pb, "IDAT", zz, zlib_stored(zz, raw, sizeof raw));
    }
    chunk(&pb, "tEXt", (const unsigned char *)"After\0the image", 15);
    chunk(&pb, "IEND", NULL, 0);
    test_spit(OUT_BAD, pb.b, pb.n);

    ck_assert_int_eq(pngio_read_text(OUT_BAD, &k, &v, &n, &err), OG_OK);
    ck_assert_uint_eq(n, 4);
    ck_assert_str_eq(k[0], "Title");
    ck_assert_str_eq(v[0], "Fuji");
    ck_assert_str_eq(k[1], "Comment");
    ck_assert_str_eq(v[1], "compressed words");
    ck_assert_str_eq(k[2], "Author");
    ck_assert_str_eq(v[2], "J\xc3\xb6rg");
    ck_assert_str_eq(k[3], "After");
    ck_assert_str_eq(v[3], "the image");
    pngio_text_free(k, v, n);
    unlink(OUT_BAD);
}
END_TEST

START_TEST(test_read_too_large)
{
    static const unsigned char raw[] = {0, 0};
    struct pngbuf pb;
    struct dem_raster r;
    struct og_error err;

    /* the IHDR alone is enough: the size is refused before decoding */
    png_start(&pb, 16385, 1, 8, 0);
    png_finish(&pb, raw, sizeof raw);
    test_spit(OUT_BAD, pb.b, pb.n);
    ck_assert_int_eq(pngio_read_raster(OUT_BAD, &r, &err), OG_ERANGE);
    ck_assert_str_eq(err.msg, "cannot read " OUT_BAD ": image size 16385x1 outside [1, 16384]");
    ck_assert_ptr_null(r.samples);
    unlink(OUT_BAD);
}
END_TEST

void
pngio_read_tests(Suite *s)
{
    TCase *tc = tcase_create("reader");

    tcase_add_test(tc, test_read_too_large);
    tcase_add_test(tc, test_read_palette_ignores_trns);
    tcase_add_test(tc, test_read_lowbit_gray);
    tcase_add_test(tc, test_read_ztxt_itxt);
    suite_add_tcase(s, tc);
}
