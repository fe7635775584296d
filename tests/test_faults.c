/* Fault handling (issue 15): all-or-none groups of outputs, interruption,
 * the registry of temporary files. Every test works in its own folder
 * under $TMPDIR and leaves nothing behind. */
#include "config.h"

#include <dirent.h>
#include <sys/resource.h>
#include <zlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/dem/dem.h"
#include "core/base/infile.h"
#include "core/base/numparse.h"
#include "core/recipe/params.h"
#include "io/outfile.h"
#include "io/png/pngio.h"
#include "tests.h"
#include "tui/paramedit.h"

static char dir[256];

static void
setup(void)
{
    const char *t = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/orogen-faults.XXXXXX", t != NULL && t[0] ? t : "/tmp");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    og_interrupt_reset();
}

/* Files in dir (all of them: outputs and temporaries). */
static int
count_files(void)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    int n = 0;
    ck_assert_ptr_nonnull(d);
    while ((de = readdir(d)) != NULL) {
        n += de->d_name[0] != '.';
    }
    closedir(d);
    return n;
}

static void
teardown(void)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    char p[512];
    while (d != NULL && (de = readdir(d)) != NULL) {
        if (de->d_name[0] != '.') {
            snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
            unlink(p);
        }
    }
    if (d != NULL) {
        closedir(d);
    }
    rmdir(dir);
    og_interrupt_reset();
}

static const char *
in_dir(const char *name)
{
    static char p[4][512];
    static int k;
    k = (k + 1) % 4;
    snprintf(p[k], sizeof p[k], "%s/%s", dir, name);
    return p[k];
}

static int
exists(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0;
}

START_TEST(test_group_abort_writes_none)
{
    struct og_error err;
    uint8_t px[4 * 4 * 4] = { 0 };

    outfile_group_begin();
    ck_assert_int_eq(outfile_write(in_dir("a.json"), "{}\n", 3, &err), OG_OK);
    ck_assert_int_eq(pngio_write_rgba(in_dir("b.png"), px, 4, 4, NULL, 0, 6, &err), OG_OK);
    /* both are complete temporaries, neither is in place yet */
    ck_assert_int_eq(exists(in_dir("a.json")), 0);
    ck_assert_int_eq(exists(in_dir("b.png")), 0);
    ck_assert_int_eq(count_files(), 2);
    ck_assert_int_eq(outfile_live_count(), 2);
    ck_assert_int_eq(outfile_group_end(0, &err), OG_OK);
    ck_assert_int_eq(count_files(), 0);
    ck_assert_int_eq(outfile_live_count(), 0);
}
END_TEST

START_TEST(test_group_commit_writes_all)
{
    struct og_error err;
    uint8_t px[4 * 4 * 4] = { 0 };

    outfile_group_begin();
    ck_assert_int_eq(outfile_write(in_dir("a.json"), "{}\n", 3, &err), OG_OK);
    ck_assert_int_eq(pngio_write_rgba(in_dir("b.png"), px, 4, 4, NULL, 0, 6, &err), OG_OK);
    ck_assert_int_eq(outfile_group_end(1, &err), OG_OK);
    ck_assert_int_eq(exists(in_dir("a.json")), 1);
    ck_assert_int_eq(exists(in_dir("b.png")), 1);
    ck_assert_int_eq(count_files(), 2);
    ck_assert_int_eq(outfile_live_count(), 0);
}
END_TEST

/* A rename that fails after another succeeded (the folder changed during
 * the export: here a directory put where b.json goes): a.json stays, c.json
 * is not renamed, no temporary is left, and the message says which is
 * which. */
START_TEST(test_group_rename_fails_midway)
{
    struct og_error err;
    char sub[600];

    outfile_group_begin();
    ck_assert_int_eq(outfile_write(in_dir("a.json"), "{}\n", 3, &err), OG_OK);
    ck_assert_int_eq(outfile_write(in_dir("b.json"), "{}\n", 3, &err), OG_OK);
    ck_assert_int_eq(outfile_write(in_dir("c.json"), "{}\n", 3, &err), OG_OK);
    ck_assert_int_eq(mkdir(in_dir("b.json"), 0755), 0);
    snprintf(sub, sizeof sub, "%s/keep", in_dir("b.json"));
    ck_assert_int_eq(mkdir(sub, 0755), 0);   /* a non-empty directory */
    ck_assert_int_eq(outfile_group_end(1, &err), OG_EIO);
    ck_assert_int_eq(exists(in_dir("a.json")), 1);
    ck_assert_int_eq(exists(in_dir("c.json")), 0);
    ck_assert_int_eq(count_files(), 2);   /* a.json and the directory b.json */
    ck_assert_int_eq(outfile_live_count(), 0);
    ck_assert_ptr_nonnull(strstr(err.msg, "b.json: Is a directory; written: "));
    ck_assert_ptr_nonnull(strstr(err.msg, "a.json; not written: "));
    ck_assert_ptr_nonnull(strstr(err.msg, "c.json"));
    ck_assert_ptr_null(strchr(err.msg, '\n'));
    ck_assert_int_eq(rmdir(sub), 0);
    ck_assert_int_eq(rmdir(in_dir("b.json")), 0);
}
END_TEST

/* A signal between the last write and the renames: nothing is renamed. */
START_TEST(test_group_cancel_before_rename)
{
    struct og_error err;

    outfile_group_begin();
    ck_assert_int_eq(outfile_write(in_dir("a.json"), "{}\n", 3, &err), OG_OK);
    og_interrupt(15);
    ck_assert_int_eq(outfile_group_end(1, &err), OG_ECANCELED);
    ck_assert_int_eq(count_files(), 0);
    ck_assert_int_eq(og_interrupted(), 15);
}
END_TEST

/* A cancelled writer stops, removes its temporary and writes nothing. */
START_TEST(test_cancel_stops_writers)
{
    struct og_error err;
    uint8_t px[4 * 8 * 8] = { 0 };

    og_interrupt(2);
    ck_assert_int_eq(pngio_write_rgba(in_dir("c.png"), px, 8, 8, NULL, 0, 6, &err),
                     OG_ECANCELED);
    ck_assert_int_eq(outfile_write(in_dir("d.json"), "x", 1, &err), OG_ECANCELED);
    ck_assert_int_eq(count_files(), 0);
    ck_assert_int_eq(outfile_live_count(), 0);
    ck_assert_int_eq(*og_interrupt_flag(), 2);
}
END_TEST

/* outfile_discard_all removes a temporary that a writer still holds. */
START_TEST(test_discard_all)
{
    struct outfile_temp *t;
    struct og_error err;
    FILE *fp;

    ck_assert_int_eq(outfile_temp_open(in_dir("e.bin"), &t, &fp, &err), OG_OK);
    fputs("partial", fp);
    ck_assert_int_eq(count_files(), 1);
    ck_assert_int_eq(outfile_discard_all(), 1);
    ck_assert_int_eq(count_files(), 0);
    outfile_temp_discard(t);
    ck_assert_int_eq(outfile_live_count(), 0);
}
END_TEST

/* Issue 15 item 1: a FIFO (no writer) is refused at once, never read. */
START_TEST(test_fifo_inputs_refused)
{
    struct og_error err;
    struct dem_raster r;
    struct params p;
    char **keys, **values;
    size_t n;
    FILE *fp;
    char *text;
    int gen;

    ck_assert_int_eq(mkfifo(in_dir("f.png"), 0600), 0);
    ck_assert_int_eq(mkfifo(in_dir("f.ini"), 0600), 0);
    ck_assert_int_eq(infile_fopen(in_dir("f.png"), &fp, NULL, &err), OG_EIO);
    ck_assert_ptr_nonnull(strstr(err.msg, "f.png: not a regular file"));
    ck_assert_int_eq(infile_read_all(in_dir("f.ini"), 100, &text, NULL, &err), OG_EIO);
    ck_assert_int_eq(pngio_read_raster(in_dir("f.png"), &r, &err), OG_EIO);
    ck_assert_ptr_nonnull(strstr(err.msg, "not a regular file"));
    ck_assert_int_eq(pngio_read_text(in_dir("f.png"), &keys, &values, &n, &err), OG_EIO);
    params_defaults(&p);
    ck_assert_int_eq(preset_load_file(in_dir("f.ini"), &p, &gen, NULL, &err), OG_EIO);
    ck_assert_ptr_nonnull(strstr(err.msg, "f.ini: not a regular file"));
    /* a folder is not a file either */
    ck_assert_int_eq(infile_fopen(dir, &fp, NULL, &err), OG_EIO);
    ck_assert_ptr_nonnull(strstr(err.msg, "not a regular file (a folder)"));
}
END_TEST

/* The TUI's o list never offers a FIFO named *.ini. */
START_TEST(test_preset_list_skips_fifo)
{
    struct preset_entry list[64];
    char pdir[512];
    int n, i, seen_good = 0, seen_fifo = 0;
    FILE *f;

    setenv("XDG_CONFIG_HOME", dir, 1);
    snprintf(pdir, sizeof pdir, "%s/orogen", dir);
    ck_assert_int_eq(mkdir(pdir, 0755), 0);
    snprintf(pdir, sizeof pdir, "%s/orogen/presets", dir);
    ck_assert_int_eq(mkdir(pdir, 0755), 0);
    ck_assert_int_eq(mkfifo(in_dir("orogen/presets/zzfifo.ini"), 0600), 0);
    f = fopen(in_dir("orogen/presets/zzgood.ini"), "w");
    ck_assert_ptr_nonnull(f);
    fputs("seed = 3\n", f);
    fclose(f);
    n = preset_list(list, 64);
    for (i = 0; i < n && i < 64; i++) {
        seen_good |= strcmp(list[i].name, "zzgood") == 0;
        seen_fifo |= strcmp(list[i].name, "zzfifo") == 0;
    }
    ck_assert_int_eq(seen_good, 1);
    ck_assert_int_eq(seen_fifo, 0);
    unlink(in_dir("orogen/presets/zzfifo.ini"));
    unlink(in_dir("orogen/presets/zzgood.ini"));
    rmdir(pdir);
    snprintf(pdir, sizeof pdir, "%s/orogen", dir);
    rmdir(pdir);
}
END_TEST

/* --- hostile PNGs (issue 15 item 4) ------------------------------------ */

static size_t
put_chunk(unsigned char *b, size_t n, const char *type, const void *data, uint32_t len,
          uint32_t declared)
{
    uint32_t crc;
    b[n++] = (unsigned char)(declared >> 24);
    b[n++] = (unsigned char)(declared >> 16);
    b[n++] = (unsigned char)(declared >> 8);
    b[n++] = (unsigned char)declared;
    memcpy(b + n, type, 4);
    memcpy(b + n + 4, data, len);
    crc = (uint32_t)crc32(0L, b + n, 4 + len);
    n += 4 + len;
    b[n++] = (unsigned char)(crc >> 24);
    b[n++] = (unsigned char)(crc >> 16);
    b[n++] = (unsigned char)(crc >> 8);
    b[n++] = (unsigned char)crc;
    return n;
}

static size_t
put_ihdr(unsigned char *b, uint32_t w, uint32_t h, int depth, int ctype)
{
    static const unsigned char sig[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };
    unsigned char d[13] = { (unsigned char)(w >> 24), (unsigned char)(w >> 16),
                            (unsigned char)(w >> 8), (unsigned char)w,
                            (unsigned char)(h >> 24), (unsigned char)(h >> 16),
                            (unsigned char)(h >> 8), (unsigned char)h,
                            (unsigned char)depth, (unsigned char)ctype, 0, 0, 0 };
    memcpy(b, sig, 8);
    return put_chunk(b, 8, "IHDR", d, 13, 13);
}

static void
spit(const char *path, const void *b, size_t n)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(b, 1, n, f), n);
    fclose(f);
}

static long
peak_kb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

/* The 41-byte PNG of the issue: an IHDR, then a tEXt chunk declaring
 * 0x7fff0000 bytes. Refused from the chunk scan, with no allocation. */
START_TEST(test_png_huge_chunk_length)
{
    unsigned char b[64];
    struct dem_raster r;
    struct og_error err;
    char **k, **v;
    size_t n = put_ihdr(b, 16, 16, 8, 0), nt;
    long before = peak_kb();

    memcpy(b + n, "\x7f\xff\x00\x00tEXt", 8);
    n += 8;
    ck_assert_uint_eq(n, 41);
    spit(in_dir("evil.png"), b, n);
    ck_assert_int_eq(pngio_read_raster(in_dir("evil.png"), &r, &err), OG_EFORMAT);
    ck_assert_ptr_nonnull(strstr(err.msg, ": truncated PNG file (tEXt chunk of 2147418112 bytes at "
                                          "byte 33, file of 41 bytes)"));
    ck_assert_int_eq(pngio_read_text(in_dir("evil.png"), &k, &v, &nt, &err), OG_EFORMAT);
    ck_assert_ptr_nonnull(strstr(err.msg, "tEXt chunk of 2147418112 bytes"));
    /* a length over 2^31-1 is named as such, a bad type byte never printed raw */
    n = put_ihdr(b, 16, 16, 8, 0);
    memcpy(b + n, "\xff\xff\xff\xff" "e\x1b[A", 8);
    spit(in_dir("evil2.png"), b, n + 8 + 12);
    ck_assert_int_eq(pngio_read_raster(in_dir("evil2.png"), &r, &err), OG_EFORMAT);
    ck_assert_ptr_nonnull(strstr(err.msg, "e??A chunk length 4294967295 over 2^31-1"));
    ck_assert_ptr_null(strchr(err.msg, 0x1b));
    ck_assert_int_lt(peak_kb() - before, 64 * 1024);
}
END_TEST

/* An IHDR declaring 16384 x 16384 x 16-bit RGBA (2 GiB of samples) with a
 * 9-byte IDAT: refused before the pixels are allocated. */
START_TEST(test_png_lying_size)
{
    unsigned char b[256], z[64];
    uLongf zn = sizeof z;
    static const unsigned char zeros[16] = { 0 };
    struct dem_raster r;
    struct og_error err;
    size_t n = put_ihdr(b, 16384, 16384, 16, 6);
    long before = peak_kb();

    ck_assert_int_eq(compress(z, &zn, zeros, sizeof zeros), Z_OK);
    n = put_chunk(b, n, "IDAT", z, (uint32_t)zn, (uint32_t)zn);
    n = put_chunk(b, n, "IEND", "", 0, 0);
    spit(in_dir("liar.png"), b, n);
    ck_assert_int_eq(pngio_read_raster(in_dir("liar.png"), &r, &err), OG_EFORMAT);
    ck_assert_ptr_nonnull(strstr(err.msg, "16384x16384 image with only"));
    ck_assert_ptr_null(r.samples);
    ck_assert_int_lt(peak_kb() - before, 64 * 1024);
}
END_TEST

/* A zTXt that inflates to 64 MiB: the DEM reader skips it unread, the
 * recipe reader stops at libpng's 8 MiB chunk limit; neither balloons. */
START_TEST(test_png_ztxt_bomb)
{
    size_t big = 64u << 20, cap = big / 500 + 4096, n;
    unsigned char *plain = calloc(big, 1), *z = malloc(cap), *b = malloc(cap + 4096);
    unsigned char row[17] = { 0 }, zi[64], *p;
    uLongf zn = cap - 64, zin = sizeof zi;
    struct dem_raster r;
    struct og_error err;
    char **k, **v;
    size_t nt;
    long before;

    ck_assert_ptr_nonnull(plain);
    ck_assert_ptr_nonnull(z);
    ck_assert_ptr_nonnull(b);
    memset(plain, 'a', big);
    memcpy(z, "orogen:params\0\0", 15);
    ck_assert_int_eq(compress2(z + 15, &zn, plain, big, 9), Z_OK);
    free(plain);
    n = put_ihdr(b, 16, 1, 8, 0);
    n = put_chunk(b, n, "zTXt", z, (uint32_t)zn + 15, (uint32_t)zn + 15);
    ck_assert_int_eq(compress(zi, &zin, row, sizeof row), Z_OK);
    n = put_chunk(b, n, "IDAT", zi, (uint32_t)zin, (uint32_t)zin);
    n = put_chunk(b, n, "IEND", "", 0, 0);
    spit(in_dir("bomb.png"), b, n);
    free(z);
    free(b);
    before = peak_kb();
    ck_assert_int_eq(pngio_read_raster(in_dir("bomb.png"), &r, &err), OG_OK);
    ck_assert_int_eq(r.width, 16);
    dem_raster_fini(&r);
    if (pngio_read_text(in_dir("bomb.png"), &k, &v, &nt, &err) == OG_OK) {
        size_t i;
        for (i = 0; i < nt; i++) {
            ck_assert_uint_lt(strlen(v[i]), 8u << 20);
        }
        pngio_text_free(k, v, nt);
    }
    ck_assert_int_lt(peak_kb() - before, 64 * 1024);
    (void)p;
}
END_TEST

/* --- strict numbers (issue 15 items 6, 10; issue 16 --time forms) ----- */

START_TEST(test_num_real_strict)
{
    static const char *const bad[] = { "0x10", "0x1p-2", "inf", "nan", "-inf", " 1", "1 ", "1e",
                                       "1e+", ".", "-", "+", "", "1..2", "1,5", "١" };
    double v;
    size_t i;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(num_parse_real(bad[i], &v) == NUM_SYNTAX, "'%s' accepted", bad[i]);
    }
    ck_assert_int_eq(num_parse_real("1e-400", &v), NUM_UNDERFLOW);
    ck_assert_int_eq(num_parse_real("-1e-400", &v), NUM_UNDERFLOW);
    ck_assert_int_eq(num_parse_real("1e400", &v), NUM_OVERFLOW);
    ck_assert_int_eq(num_parse_real(".5", &v), NUM_OK);
    ck_assert(v == 0.5);
    ck_assert_int_eq(num_parse_real("-2.5e3", &v), NUM_OK);
    ck_assert(v == -2500.0);
    ck_assert_int_eq(num_parse_real("7.", &v), NUM_OK);
    ck_assert(v == 7.0);
}
END_TEST

START_TEST(test_num_size_and_int)
{
    int w = 0, h = 0;
    long n;

    ck_assert_int_eq(num_parse_size("10x10", 100, &w, &h), NUM_OK);
    ck_assert_int_eq(w * 1000 + h, 10010);
    ck_assert_int_eq(num_parse_size("3X4", 100, &w, &h), NUM_OK);
    ck_assert_int_eq(w * 1000 + h, 3004);
    ck_assert_int_eq(num_parse_size("10x 10", 100, &w, &h), NUM_SYNTAX);
    ck_assert_int_eq(num_parse_size(" 10x10", 100, &w, &h), NUM_SYNTAX);
    ck_assert_int_eq(num_parse_size("10x+10", 100, &w, &h), NUM_SYNTAX);
    ck_assert_int_eq(num_parse_size("10x10 ", 100, &w, &h), NUM_SYNTAX);
    ck_assert_int_eq(num_parse_size("0x10", 100, &w, &h), NUM_OVERFLOW);
    ck_assert_int_eq(num_parse_size("101x1", 100, &w, &h), NUM_OVERFLOW);
    ck_assert_int_eq(num_parse_size("99999999999999999999999x1", 100, &w, &h), NUM_OVERFLOW);
    ck_assert_int_eq(num_parse_int("3", 0, 3, &n), NUM_OK);
    ck_assert_int_eq(n, 3);
    ck_assert_int_eq(num_parse_int("-2", -5, 5, &n), NUM_OK);
    ck_assert_int_eq(n, -2);
    ck_assert_int_eq(num_parse_int("4", 0, 3, &n), NUM_OVERFLOW);
    ck_assert_int_eq(num_parse_int(" 3", 0, 3, &n), NUM_SYNTAX);
    ck_assert_int_eq(num_parse_int("+3", 0, 3, &n), NUM_SYNTAX);
    ck_assert_int_eq(num_parse_int("0x3", 0, 3, &n), NUM_SYNTAX);
    ck_assert_int_eq(num_parse_int("99999999999999999999999", 0, 3, &n), NUM_OVERFLOW);
}
END_TEST

START_TEST(test_num_time_forms)
{
    double t = -1.0;

    ck_assert_int_eq(num_parse_time("9", &t), NUM_OK);
    ck_assert(t == 9.0);
    ck_assert_int_eq(num_parse_time("9:30", &t), NUM_OK);
    ck_assert(t == 9.5);
    ck_assert_int_eq(num_parse_time("09:30", &t), NUM_OK);
    ck_assert(t == 9.5);
    ck_assert_int_eq(num_parse_time("9.5", &t), NUM_OK);
    ck_assert(t == 9.5);
    ck_assert_int_eq(num_parse_time("18:00", &t), NUM_OK);
    ck_assert(t == 18.0);
    /* the UBSan overflow and the wrap of the issue */
    ck_assert_int_eq(num_parse_time("99999999999:00", &t), NUM_OVERFLOW);
    ck_assert_int_eq(num_parse_time("71582794:20", &t), NUM_OVERFLOW);
    ck_assert_int_eq(num_parse_time("9:60", &t), NUM_OVERFLOW);
    ck_assert_int_eq(num_parse_time("24:01", &t), NUM_OVERFLOW);
    ck_assert_int_eq(num_parse_time("9:5", &t), NUM_SYNTAX);
    ck_assert_int_eq(num_parse_time("9:300", &t), NUM_SYNTAX);
    ck_assert_int_eq(num_parse_time("-9", &t), NUM_SYNTAX);
    ck_assert_int_eq(num_parse_time("9.", &t), NUM_SYNTAX);
    ck_assert_int_eq(num_parse_time("9e0", &t), NUM_SYNTAX);
    ck_assert_int_eq(num_parse_time("", &t), NUM_SYNTAX);
}
END_TEST

/* Every parameter reads the same forms: hex refused, 1e-400 "underflows",
 * render.time takes 9:30. */
START_TEST(test_params_strict_numbers)
{
    struct params p;
    struct og_error err;

    params_defaults(&p);
    ck_assert_int_eq(params_set_assignment(&p, "island.cells=0x10", &err), OG_EINVAL);
    ck_assert_str_eq(err.msg, "param 'island.cells' = '0x10' is not a number");
    ck_assert_int_eq(params_set_assignment(&p, "island.sea_level=0x1p-2", &err), OG_EINVAL);
    ck_assert_int_eq(params_set_assignment(&p, "island.sea_level=1e-400", &err), OG_ERANGE);
    ck_assert_ptr_nonnull(strstr(err.msg, "1e-400 underflows"));
    ck_assert_int_eq(params_set_assignment(&p, "render.time = 9:30", &err), OG_OK);
    ck_assert(params_get(&p, P_RENDER_TIME) == 9.5);
    ck_assert_int_eq(params_set_assignment(&p, "render.time=07:15", &err), OG_OK);
    ck_assert(params_get(&p, P_RENDER_TIME) == 7.25);
    ck_assert_int_eq(params_set_assignment(&p, "render.time=20:00", &err), OG_ERANGE);
    ck_assert_int_eq(params_set_assignment(&p, "render.time=9:5", &err), OG_EINVAL);
}
END_TEST

Suite *
faults_suite(void)
{
    Suite *s = suite_create("faults");
    TCase *tc = tcase_create("outfile");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_group_abort_writes_none);
    tcase_add_test(tc, test_group_commit_writes_all);
    tcase_add_test(tc, test_group_cancel_before_rename);
    tcase_add_test(tc, test_group_rename_fails_midway);
    tcase_add_test(tc, test_cancel_stops_writers);
    tcase_add_test(tc, test_discard_all);
    suite_add_tcase(s, tc);
    tc = tcase_create("infile");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_fifo_inputs_refused);
    tcase_add_test(tc, test_preset_list_skips_fifo);
    suite_add_tcase(s, tc);
    tc = tcase_create("png");
    /* the zTXt bomb compresses 64 MiB at level 9: seconds under ASan on a
     * busy machine, past the default 4 s x 3 in CI */
    tcase_set_timeout(tc, 60);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_png_huge_chunk_length);
    tcase_add_test(tc, test_png_lying_size);
    tcase_add_test(tc, test_png_ztxt_bomb);
    suite_add_tcase(s, tc);
    tc = tcase_create("numbers");
    tcase_add_test(tc, test_num_real_strict);
    tcase_add_test(tc, test_num_size_and_int);
    tcase_add_test(tc, test_num_time_forms);
    tcase_add_test(tc, test_params_strict_numbers);
    suite_add_tcase(s, tc);
    return s;
}
