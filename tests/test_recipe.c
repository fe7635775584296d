/* Tests of core/recipe/recipe.c: presets with every line end, byte order marks,
 * duplicate keys, and error messages without control characters (issue 15
 * items 8 and 9, issue 12). */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "core/generators.h"
#include "core/base/og_error.h"
#include "core/recipe/params.h"
#include "core/pipeline.h"
#include "core/planet/planet_edit.h"
#include "core/recipe/recipe.h"
#include "io/export.h"
#include "io/png/pngio.h"
#include "tests.h"

/* No byte below 0x20 or 0x7f in a message. */
static int
printable(const char *s)
{
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c == 0x7f) {
            return 0;
        }
    }
    return 1;
}

START_TEST(test_preset_line_ends)
{
    static const char *const texts[] = {
        "generator = hybrid\nhybrid.width = 16\nhybrid.height = 24\n",
        "generator = hybrid\r\nhybrid.width = 16\r\nhybrid.height = 24\r\n",
        "generator = hybrid\rhybrid.width = 16\rhybrid.height = 24\r",
        "generator = hybrid\rhybrid.width = 16\r\nhybrid.height = 24",   /* mixed */
        "\xEF\xBB\xBFgenerator = hybrid\nhybrid.width = 16\nhybrid.height = 24\n",
        "\xEF\xBB\xBFgenerator = hybrid\rhybrid.width = 16\rhybrid.height = 24\r",
    };
    size_t i;

    for (i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct params p;
        struct og_error err;
        int gen = -1;
        params_defaults(&p);
        ck_assert_msg(preset_parse(texts[i], "t.ini", &p, &gen, NULL, &err) == OG_OK,
                                   "text %zu: %s",
                      i, err.msg);
        ck_assert_int_eq(gen, GEN_HYBRID);
        ck_assert_int_eq(params_int(&p, P_HYBRID_WIDTH), 16);
        ck_assert_int_eq(params_int(&p, P_HYBRID_HEIGHT), 24);
    }
}
END_TEST

START_TEST(test_preset_line_numbers_and_bom)
{
    struct params p, before;
    struct og_error err;
    int gen = -1;

    /* Line 3 of a CR-only file is line 3, and the value is unchanged. */
    params_defaults(&p);
    before = p;
    ck_assert_int_eq(preset_parse("seed = 5\rhybrid.width = 16\rhybrid.width = 3\r", "cr.ini", &p,
                                  &gen, NULL, &err), OG_ERANGE);
    ck_assert_msg(strstr(err.msg, "cr.ini:3:") != NULL, "%s", err.msg);
    ck_assert_msg(strstr(err.msg, "hybrid.width") != NULL, "%s", err.msg);
    ck_assert(printable(err.msg));
    ck_assert(memcmp(&p, &before, sizeof p) == 0);
    /* The byte order mark is skipped, never part of the first key. */
    ck_assert_int_eq(preset_parse("\xEF\xBB\xBFisland.cellz = 5\n", "bom.ini", &p, &gen,
                                  NULL, &err),
                     OG_EFORMAT);
    ck_assert_msg(strstr(err.msg, "bom.ini:1: unknown parameter 'island.cellz'") != NULL, "%s",
                  err.msg);
    /* params_parse_text on its own takes CR line ends too. */
    ck_assert_int_eq(params_parse_text(&p, "island.cells = 500\risland.anchors = 4\r", "x", &err),
                     OG_OK);
    ck_assert_int_eq(params_int(&p, P_ISLAND_CELLS), 500);
    ck_assert_int_eq(params_int(&p, P_ISLAND_ANCHORS), 4);
}
END_TEST

START_TEST(test_preset_duplicates)
{
    struct params p;
    struct og_error err;
    int gen = -1;

    params_defaults(&p);
    ck_assert_int_eq(preset_parse("seed = 1\n# c\nseed = 2\n", "d.ini", &p, &gen, NULL, &err),
                     OG_EFORMAT);
    ck_assert_str_eq(err.msg, "d.ini:3: 'seed' set twice (first on line 1)");
    ck_assert_int_eq(preset_parse("generator = island\ngenerator = hybrid\n", "g.ini", &p, &gen,
                                  NULL, &err), OG_EFORMAT);
    ck_assert_str_eq(err.msg, "g.ini:2: 'generator' set twice (first on line 1)");
    ck_assert_int_eq(preset_parse("island.cells=100\r\nisland.cells = 100\r\n", "c.ini", &p, &gen,
                                  NULL, &err), OG_EFORMAT);
    ck_assert_str_eq(err.msg, "c.ini:2: 'island.cells' set twice (first on line 1)");
}
END_TEST

START_TEST(test_errors_never_hold_control_characters)
{
    struct params p;
    struct og_error err;
    int gen = -1;

    params_defaults(&p);
    ck_assert_int_eq(preset_parse("seed = 1\x1b[2J\n", "esc.ini", &p, &gen, NULL, &err),
                                  OG_EFORMAT);
    ck_assert(printable(err.msg));
    ck_assert_msg(strstr(err.msg, "'1\\x1b[2J'") != NULL, "%s", err.msg);
    ck_assert_int_eq(preset_parse("island.cells = 1\t\x7f\n", "del.ini", &p, &gen, NULL, &err),
                     OG_EFORMAT);
    ck_assert(printable(err.msg));
    /* Every message, not only the parser's. */
    og_error_set(&err, OG_EINVAL, "bad name '%s'", "a\rb\nc\td\x01");
    ck_assert_str_eq(err.msg, "bad name 'a\\rb\\nc\\td\\x01'");
    /* UTF-8 passes as it is. */
    og_error_set(&err, OG_EINVAL, "cannot read %s", "k\xC3\xA4se.ini");
    ck_assert_str_eq(err.msg, "cannot read k\xC3\xA4se.ini");
}
END_TEST

/* --- recipes in text chunks --------------------------------------------- */

/* Read chunks given as "key", "value" pairs (NULL-terminated). */
static enum og_status
read_chunks(const char *const *kv, struct recipe *r, struct og_error *err)
{
    char *keys[16], *values[16];
    size_t n = 0;
    enum og_status st;
    for (; kv[2 * n] != NULL; n++) {
        keys[n] = (char *)(uintptr_t)kv[2 * n];
        values[n] = (char *)(uintptr_t)kv[2 * n + 1];
    }
    memset(r, 0, sizeof *r);
    params_defaults(&r->params);
    st = recipe_from_chunks(keys, values, n, "x.png", r, err);
    return st;
}

#define SHA_A "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

START_TEST(test_recipe_reads_what_export_writes)
{
    char gv[16];
    const char *const kv[] = {
        "Software", "orogen 0.1.0", "orogen:format", "2", "orogen:version", "0.1.0",
        "orogen:generator", "dem", "orogen:generator-version", gv, "orogen:seed", "42",
        "orogen:params", "seed = 42\ndem.sea_level = 3\nmap.layer = elevation\nmap.size = 64x32\n",
        "orogen:dem", "578765 " SHA_A " fuji 2.png", NULL,
    };
    struct recipe r;
    struct og_error err;

    snprintf(gv, sizeof gv, "%d", recipe_generator_version(GEN_DEM));
    ck_assert_msg(read_chunks(kv, &r, &err) == OG_OK, "%s", err.msg);
    ck_assert_int_eq(r.gen, GEN_DEM);
    ck_assert_int_eq(r.format, 2);
    ck_assert(r.params.seed == 42);
    ck_assert(params_get(&r.params, P_DEM_SEA_LEVEL) == 3.0);
    ck_assert_str_eq(r.map_layer, "elevation");
    ck_assert_int_eq(r.map_w, 64);
    ck_assert_int_eq(r.map_h, 32);
    ck_assert_str_eq(r.dem_name, "fuji 2.png");
    ck_assert_str_eq(r.dem_sha256, SHA_A);
    ck_assert_int_eq(r.dem_size, 578765);
    ck_assert_str_eq(r.note, "");
    recipe_fini(&r);
}
END_TEST

START_TEST(test_recipe_refusals)
{
    static const struct {
        const char *key, *value, *want;
    } bad[] = {
        { "orogen:version", "99", "x.png: made by orogen 99, this is " PACKAGE_VERSION },
        { "orogen:format", "3", "x.png: made by orogen 0.1.0, this is " PACKAGE_VERSION },
        { "orogen:params", "seed = 7\nisland.newfangled = 7\n",
          "x.png: orogen:params line 2: unknown key 'island.newfangled'" },
        { "orogen:params", "seed = 7\nmap.size = -5x10\n",
          "x.png: orogen:params line 2: map.size = '-5x10' is not WIDTHxHEIGHT within 1..16384" },
        { "orogen:params", "island.cells = 100\nisland.cells = 200\n",
          "x.png: orogen:params line 2: 'island.cells' set twice (first on line 1)" },
        { "orogen:params", "island.cells = 3\n",
          "x.png: orogen:params line 1: param 'island.cells' = 3 outside" },
        { "orogen:generator", "island", "x.png: recipe chunk orogen:generator appears twice" },
        { "orogen:seed", "8", "x.png: recipe chunk orogen:seed appears twice" },
        { "orogen:gadget", "1", "x.png: unknown recipe chunk 'orogen:gadget'" },
    };
    size_t i;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *kv[] = { "orogen:version", "0.1.0", "orogen:generator", "island",
                             "orogen:seed", "7", "orogen:params", "seed = 7\n",
                             bad[i].key, bad[i].value, NULL };
        struct recipe r;
        struct og_error err;
        /* A replaced chunk goes where the good one was. */
        size_t k;
        for (k = 0; k < 8; k += 2) {
            if (strcmp(kv[k], bad[i].key) == 0 && strcmp(bad[i].key, "orogen:generator") != 0 &&
                strcmp(bad[i].key, "orogen:seed") != 0) {
                kv[k + 1] = bad[i].value;
                kv[8] = NULL;
            }
        }
        ck_assert_msg(read_chunks(kv, &r, &err) != OG_OK, "case %zu accepted", i);
        ck_assert_msg(strncmp(err.msg, bad[i].want, strlen(bad[i].want)) == 0,
                      "case %zu: '%s', want '%s'", i, err.msg, bad[i].want);
        recipe_fini(&r);
    }
}
END_TEST

START_TEST(test_recipe_generator_version_note)
{
    static const char *const kv[] = {
        "orogen:format", "2", "orogen:generator", "island", "orogen:generator-version", "999",
        "orogen:seed", "7", "orogen:params", "seed = 7\n", NULL,
    };
    struct recipe r;
    struct og_error err;

    ck_assert_msg(read_chunks(kv, &r, &err) == OG_OK, "%s", err.msg);
    ck_assert_msg(strstr(r.note, "island generator version 999, this build has version") != NULL,
                  "%s", r.note);
    recipe_fini(&r);
}
END_TEST

START_TEST(test_recipe_chunk_crc_error)
{
    static const struct pngio_text text[] = {
        { "orogen:generator", "island" }, { "orogen:seed", "7" },
        { "orogen:params", "seed = 7\nisland.cells = 1000\n" },
    };
    const char *path = "out-recipe-crc.png";
    uint8_t px[4 * 4] = { 0 };
    char **keys = NULL, **values = NULL, buf[4096], *hit;
    size_t n = 0, len;
    struct og_error err;
    FILE *f;

    ck_assert_int_eq(pngio_write_rgba(path, px, 2, 2, text, 3, 6, &err), OG_OK);
    ck_assert_int_eq(pngio_read_text(path, &keys, &values, &n, &err), OG_OK);
    pngio_text_free(keys, values, n);
    /* Flip one byte of the params value: its tEXt CRC no longer matches. */
    f = fopen(path, "r+b");
    ck_assert_ptr_nonnull(f);
    len = fread(buf, 1, sizeof buf, f);
    hit = memmem(buf, len, "cells = 1000", 12);
    ck_assert_ptr_nonnull(hit);
    hit[8] = '2';
    ck_assert_int_eq(fseek(f, 0, SEEK_SET), 0);
    ck_assert_uint_eq(fwrite(buf, 1, len, f), len);
    fclose(f);
    ck_assert_int_eq(pngio_read_text(path, &keys, &values, &n, &err), OG_EFORMAT);
    ck_assert_msg(strstr(err.msg, "tEXt") != NULL && strstr(err.msg, "CRC") != NULL, "%s",
                  err.msg);
    unlink(path);
}
END_TEST

static struct world *
make_planet(const struct params *p)
{
    struct run_ctx ctx;
    struct world *w = NULL;
    struct og_error err;
    memset(&ctx, 0, sizeof ctx);
    ctx.params = p;
    ctx.threads = 1;
    ck_assert_msg(pipeline_run(generator_get(GEN_PLANET), &ctx, &w, &err) == OG_OK, "%s",
                  err.msg);
    return w;
}

static void
same_planet(const struct world *a, const struct world *b)
{
    size_t n = a->ncells;
    ck_assert_uint_eq(a->ncells, b->ncells);
    ck_assert(memcmp(a->water, b->water, n) == 0);
    ck_assert(memcmp(a->biome, b->biome, n) == 0);
    ck_assert(memcmp(a->color, b->color, n * sizeof *a->color) == 0);
    ck_assert(memcmp(a->landmass, b->landmass, n * sizeof *a->landmass) == 0);
    ck_assert(memcmp(a->elevation, b->elevation, n * sizeof *a->elevation) == 0);
}

START_TEST(test_planet_edits_round_trip)
{
    const char *path = "out-recipe-edits.png";
    struct params p;
    struct world *w[4] = { NULL }, *again = NULL, *back = NULL, *undo = NULL;
    int32_t sea = -1, land = -1, sea2 = -1, *cells = NULL;
    uint8_t *lands = NULL;
    double *radii = NULL;
    size_t i, n = 0, nkv = 0;
    char **keys = NULL, **values = NULL, want[64], *text = NULL;
    struct recipe r;
    struct og_error err;

    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_PLANET_POINTS, 2000, &err), OG_OK);
    p.seed = 11;
    w[0] = make_planet(&p);
    for (i = 0; i < w[0]->ncells; i++) {
        if (w[0]->water[i] != WATER_LAND && sea < 0) {
            sea = (int32_t)i;
        } else if (w[0]->water[i] != WATER_LAND && sea2 < 0) {
            sea2 = (int32_t)i;
        } else if (w[0]->water[i] == WATER_LAND && land < 0) {
            land = (int32_t)i;
        }
    }
    ck_assert(sea >= 0 && sea2 >= 0 && land >= 0);
    ck_assert_int_eq(planet_edit_set_land(w[0], sea, 1, &w[1], &err), OG_OK);
    ck_assert_int_eq(planet_edit_set_land(w[1], land, 0, &w[2], &err), OG_OK);
    ck_assert_int_eq(planet_edit_set_land(w[2], sea2, 1, &w[3], &err), OG_OK);
    ck_assert_uint_eq(planet_edit_count(w[3]), 3);
    ck_assert_int_eq(w[3]->water[sea], WATER_LAND);
    ck_assert_int_ne(w[3]->water[land], WATER_LAND);

    /* The PNG's recipe carries the edits, in order... */
    ck_assert_int_eq(export_map_png(w[3], LAYER_COLOR, 64, 32, path, &err), OG_OK);
    ck_assert_int_eq(pngio_read_text(path, &keys, &values, &nkv, &err), OG_OK);
    memset(&r, 0, sizeof r);
    params_defaults(&r.params);
    ck_assert_msg(recipe_from_chunks(keys, values, nkv, path, &r, &err) == OG_OK, "%s", err.msg);
    pngio_text_free(keys, values, nkv);
    unlink(path);
    snprintf(want, sizeof want, "+%d -%d +%d", (int)sea, (int)land, (int)sea2);
    ck_assert_ptr_nonnull(r.edits);
    ck_assert_str_eq(r.edits, want);
    ck_assert_int_eq(planet_edits_to_text(w[3], &text, &err), OG_OK);
    ck_assert_str_eq(text, want);
    free(text);

    /* ... and regenerates the edited planet byte for byte. */
    again = make_planet(&r.params);
    ck_assert_int_eq(planet_edits_parse(r.edits, again->ncells, &cells, &lands, &radii, &n, &err), OG_OK);
    ck_assert_uint_eq(n, 3);
    ck_assert_int_eq(planet_edit_replay(again, cells, lands, radii, n, &back, &err), OG_OK);
    same_planet(w[3], back);
    ck_assert_uint_eq(planet_edit_count(back), 3);

    /* Undo: the first two edits replayed give the second world. */
    ck_assert_int_eq(planet_edit_undo(again, back, 2, &undo, &err), OG_OK);
    same_planet(w[2], undo);
    ck_assert_int_eq(planet_edit_undo(again, back, 4, &undo, &err), OG_EINVAL);

    free(cells); /* the calls below set them to NULL first */
    free(lands);
    free(radii);

    /* Bad edit lists name the edit. */
    ck_assert_int_eq(planet_edits_parse("+1 x2", 10, &cells, &lands, &radii, &n, &err), OG_EFORMAT);
    ck_assert_msg(strstr(err.msg, "edit 2 'x2'") != NULL, "%s", err.msg);
    ck_assert_int_eq(planet_edits_parse("-10", 10, &cells, &lands, &radii, &n, &err), OG_ERANGE);
    ck_assert_ptr_null(cells);
    ck_assert_ptr_null(lands);
    ck_assert_ptr_null(radii);
    /* a brush stroke is +CELL@DEGREES, the radius in [0, 90] */
    ck_assert_int_eq(planet_edits_parse("+1@7.6 -2 -3@0.5", 10, &cells, &lands, &radii, &n, &err),
                     OG_OK);
    ck_assert_uint_eq(n, 3);
    ck_assert(cells[0] == 1 && lands[0] == 1 && radii[0] == 7.6);
    ck_assert(cells[1] == 2 && lands[1] == 0 && radii[1] == 0.0);
    ck_assert(cells[2] == 3 && lands[2] == 0 && radii[2] == 0.5);
    free(cells);
    free(lands);
    free(radii);
    ck_assert_int_eq(planet_edits_parse("+1@ -2", 10, &cells, &lands, &radii, &n, &err),
                     OG_EFORMAT);
    ck_assert_msg(strstr(err.msg, "edit 1 '+1@ -2': the brush radius") != NULL, "%s", err.msg);
    ck_assert_int_eq(planet_edits_parse("+1@7x", 10, &cells, &lands, &radii, &n, &err),
                     OG_EFORMAT);
    ck_assert_int_eq(planet_edits_parse("+1 -2@91", 10, &cells, &lands, &radii, &n, &err),
                     OG_ERANGE);
    ck_assert_msg(strstr(err.msg, "edit 2 '-2@91': brush radius outside") != NULL, "%s",
                  err.msg);
    ck_assert_ptr_null(radii);
    recipe_fini(&r);
    for (i = 0; i < 4; i++) {
        world_unref(w[i]);
    }
    world_unref(again);
    world_unref(back);
    world_unref(undo);
}
END_TEST

/* Presets carry planet.edits (issue 12, 16): the TUI's w saves the list
 * after the parameters, loading gives it back, and replaying it on the
 * planet the preset's parameters make is the edited planet byte for byte. */
START_TEST(test_planet_edits_preset_round_trip)
{
    char dir[] = "/tmp/orogen-test-presets-XXXXXX", path[PRESET_PATH_MAX], file[PRESET_PATH_MAX];
    char *text = NULL, *edits = NULL, *body = NULL;
    struct params p, q;
    struct world *w[3] = { NULL }, *again = NULL, *back = NULL;
    int32_t sea = -1, land = -1, *cells = NULL;
    uint8_t *lands = NULL;
    double *radii = NULL;
    size_t i, n = 0;
    int gen = -1;
    struct og_error err;
    FILE *f;
    long len;

    ck_assert_ptr_nonnull(mkdtemp(dir));
    setenv("XDG_CONFIG_HOME", dir, 1);
    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_PLANET_POINTS, 2000, &err), OG_OK);
    p.seed = 5;
    p.v[P_SEED] = 5;
    w[0] = make_planet(&p);
    for (i = 0; i < w[0]->ncells && (sea < 0 || land < 0); i++) {
        if (w[0]->water[i] != WATER_LAND && sea < 0) {
            sea = (int32_t)i;
        } else if (w[0]->water[i] == WATER_LAND && land < 0) {
            land = (int32_t)i;
        }
    }
    ck_assert_int_eq(planet_edit_set_land(w[0], sea, 1, &w[1], &err), OG_OK);
    ck_assert_int_eq(planet_edit_set_land(w[1], land, 0, &w[2], &err), OG_OK);
    ck_assert_int_eq(planet_edits_to_text(w[2], &text, &err), OG_OK);

    ck_assert_msg(preset_save("edited", &p, generator_get(GEN_PLANET)->param_groups, "planet",
                              text, path, sizeof path, &err) == OG_OK, "%s", err.msg);
    snprintf(file, sizeof file, "%s/orogen/presets/edited.ini", dir);
    ck_assert_str_eq(path, file);
    f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    len = ftell(f);
    rewind(f);
    body = calloc(1, (size_t)len + 1);
    ck_assert_uint_eq(fread(body, 1, (size_t)len, f), (size_t)len);
    fclose(f);
    {
        char line[96];
        snprintf(line, sizeof line, "\nplanet.edits = +%d -%d\n", (int)sea, (int)land);
        ck_assert_msg(strstr(body, line) != NULL, "%s", body);
    }
    /* A non-planet preset refuses edits; a reader that cannot replay them
     * is told so. */
    ck_assert_int_eq(preset_save("bad", &p, generator_get(GEN_ISLAND)->param_groups, "island",
                                 text, NULL, 0, &err), OG_EINVAL);
    ck_assert_int_eq(preset_parse(body, "edited.ini", &q, &gen, NULL, &err), OG_EFORMAT);
    ck_assert_msg(strstr(err.msg, "planet.edits") != NULL, "%s", err.msg);

    params_defaults(&q);
    ck_assert_msg(preset_load("edited", &q, &gen, &edits, NULL, 0, &err) == OG_OK, "%s", err.msg);
    ck_assert_int_eq(gen, GEN_PLANET);
    ck_assert_ptr_nonnull(edits);
    ck_assert_str_eq(edits, text);
    ck_assert(memcmp(&p, &q, sizeof p) == 0);
    again = make_planet(&q);
    ck_assert_int_eq(planet_edits_parse(edits, again->ncells, &cells, &lands, &radii, &n, &err), OG_OK);
    ck_assert_int_eq(planet_edit_replay(again, cells, lands, radii, n, &back, &err), OG_OK);
    same_planet(w[2], back);
    ck_assert_uint_eq(planet_edit_count(back), 2);

    unlink(path);
    snprintf(file, sizeof file, "%s/orogen/presets", dir);
    rmdir(file);
    snprintf(file, sizeof file, "%s/orogen", dir);
    rmdir(file);
    rmdir(dir);
    free(body);
    free(text);
    free(edits);
    free(cells);
    free(lands);
    free(radii);
    for (i = 0; i < 3; i++) {
        world_unref(w[i]);
    }
    world_unref(again);
    world_unref(back);
}
END_TEST

/* planet.edits lines in presets: checked as edit lists, once, planets only. */
START_TEST(test_preset_edits_refusals)
{
    static const struct {
        const char *text, *want;
    } bad[] = {
        { "planet.edits = +1 x2\n", "e.ini:1: planet.edits: edit 2 'x2' is not +CELL" },
        { "seed = 2\nplanet.edits = +1\nplanet.edits = -1\n",
          "e.ini:3: 'planet.edits' set twice (first on line 2)" },
        { "generator = island\nplanet.edits = +1\n",
          "e.ini:2: planet.edits, but the preset is for the island generator" },
    };
    struct params p;
    struct og_error err;
    char *edits = NULL;
    int gen;
    size_t i;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        params_defaults(&p);
        ck_assert_int_ne(preset_parse(bad[i].text, "e.ini", &p, &gen, &edits, &err), OG_OK);
        ck_assert_msg(strncmp(err.msg, bad[i].want, strlen(bad[i].want)) == 0,
                      "case %zu: '%s', want '%s'", i, err.msg, bad[i].want);
        ck_assert_ptr_null(edits);
    }
    /* comments and blanks after the list are not edits; no line: NULL */
    ck_assert_int_eq(preset_parse("generator = planet\nplanet.edits = +3 -4   # two\n", "g.ini",
                                  &p, &gen, &edits, &err), OG_OK);
    ck_assert_str_eq(edits, "+3 -4");
    free(edits);
    ck_assert_int_eq(preset_parse("seed = 4\n", "h.ini", &p, &gen, &edits, &err), OG_OK);
    ck_assert_ptr_null(edits);
}
END_TEST

Suite *
recipe_suite(void)
{
    Suite *s = suite_create("recipe");
    TCase *tp = tcase_create("presets"), *tc;

    tcase_add_test(tp, test_preset_line_ends);
    tcase_add_test(tp, test_preset_line_numbers_and_bom);
    tcase_add_test(tp, test_preset_duplicates);
    tcase_add_test(tp, test_errors_never_hold_control_characters);
    suite_add_tcase(s, tp);
    tc = tcase_create("chunks");
    tcase_add_test(tc, test_recipe_reads_what_export_writes);
    tcase_add_test(tc, test_recipe_refusals);
    tcase_add_test(tc, test_recipe_generator_version_note);
    tcase_add_test(tc, test_recipe_chunk_crc_error);
    tcase_add_test(tc, test_planet_edits_round_trip);
    tcase_add_test(tc, test_planet_edits_preset_round_trip);
    tcase_add_test(tc, test_preset_edits_refusals);
    suite_add_tcase(s, tc);
    return s;
}
