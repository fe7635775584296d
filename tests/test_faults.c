/* Fault handling (issue 15): all-or-none groups of outputs, interruption,
 * the registry of temporary files. Every test works in its own folder
 * under $TMPDIR and leaves nothing behind. */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/dem.h"
#include "core/infile.h"
#include "core/params.h"
#include "render/outfile.h"
#include "render/pngio.h"
#include "tests.h"
#include "tui/paramedit.h"

static char dir[256];

static void
setup(void)
{
    const char *t = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/orogen-faults.XXXXXX", t != NULL && t[0] ? t : "/tmp");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    outfile_cancel_reset();
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
    outfile_cancel_reset();
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

/* A signal between the last write and the renames: nothing is renamed. */
START_TEST(test_group_cancel_before_rename)
{
    struct og_error err;

    outfile_group_begin();
    ck_assert_int_eq(outfile_write(in_dir("a.json"), "{}\n", 3, &err), OG_OK);
    outfile_cancel(15);
    ck_assert_int_eq(outfile_group_end(1, &err), OG_ECANCELED);
    ck_assert_int_eq(count_files(), 0);
    ck_assert_int_eq(outfile_cancelled(), 15);
}
END_TEST

/* A cancelled writer stops, removes its temporary and writes nothing. */
START_TEST(test_cancel_stops_writers)
{
    struct og_error err;
    uint8_t px[4 * 8 * 8] = { 0 };

    outfile_cancel(2);
    ck_assert_int_eq(pngio_write_rgba(in_dir("c.png"), px, 8, 8, NULL, 0, 6, &err),
                     OG_ECANCELED);
    ck_assert_int_eq(outfile_write(in_dir("d.json"), "x", 1, &err), OG_ECANCELED);
    ck_assert_int_eq(count_files(), 0);
    ck_assert_int_eq(outfile_live_count(), 0);
    ck_assert_int_eq(*outfile_cancel_flag(), 2);
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
    ck_assert_int_eq(preset_load_file(in_dir("f.ini"), &p, &gen, &err), OG_EIO);
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

Suite *
faults_suite(void)
{
    Suite *s = suite_create("faults");
    TCase *tc = tcase_create("outfile");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_group_abort_writes_none);
    tcase_add_test(tc, test_group_commit_writes_all);
    tcase_add_test(tc, test_group_cancel_before_rename);
    tcase_add_test(tc, test_cancel_stops_writers);
    tcase_add_test(tc, test_discard_all);
    suite_add_tcase(s, tc);
    tc = tcase_create("infile");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_fifo_inputs_refused);
    tcase_add_test(tc, test_preset_list_skips_fifo);
    suite_add_tcase(s, tc);
    return s;
}
