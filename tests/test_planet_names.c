/* Planet names (issue 25 item 5): generated phonologies, names that follow
 * them, distinct over a planet, the same for a seed on any thread count,
 * different inventories for different seeds. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/rng.h"
#include "core/lang/phonology.h"
#include "core/pipeline.h"
#include "core/planet/gen_planet.h"
#include "core/planet/planet_names.h"
#include "core/recipe/params.h"
#include "core/world.h"
#include "tests.h"

static struct world *
names_world(uint64_t seed, size_t points, int threads)
{
    struct world *w = test_planet_world(seed, points, threads, NULL);

    ck_assert_ptr_nonnull(w->names);
    return w;
}

/* Every word of 300 languages parses into its own syllables, within the
 * word length; a word with a letter outside the inventory does not. */
START_TEST(test_phonology_words_parse)
{
    int l, k;
    for (l = 0; l < 300; l++) {
        struct phonology ph;
        struct rng r;
        rng_seed(&r, 77, (uint64_t)l);
        phon_generate(&ph, &r);
        ck_assert_int_ge(ph.ncons, 6);
        ck_assert_int_ge(ph.nvowels, 3);
        for (k = 0; k < 100; k++) {
            char word[PHON_NAME_MAX];
            int n = phon_word(&ph, &r, k % 3, word), got = phon_parse(&ph, word);
            ck_assert_msg(got >= 1, "language %d: %s does not parse", l, word);
            ck_assert_int_ge(n, ph.min_syll);
            ck_assert_int_le(n, 4);
            ck_assert(word[0] >= 'A' && word[0] <= 'Z');
        }
        ck_assert_int_eq(phon_parse(&ph, "Xq"), -1);
    }
}
END_TEST

/* The phonotactics: a hiatus, a geminate and a cluster of a language
 * without clusters are rejected. */
START_TEST(test_phonology_rules)
{
    struct phonology ph;
    memset(&ph, 0, sizeof ph);
    ph.ncons = 3;
    ph.cons[0] = "t";
    ph.cons[1] = "n";
    ph.cons[2] = "r";
    ph.nvowels = 2;
    ph.vowel[0] = "a";
    ph.vowel[1] = "i";
    ph.ncodas = 1;
    ph.coda[0] = "n";
    ph.min_syll = 1;
    ph.max_syll = 3;
    ck_assert_int_eq(phon_parse(&ph, "Tanira"), 3);
    ck_assert_int_eq(phon_parse(&ph, "Antira"), 3);
    ck_assert_int_eq(phon_parse(&ph, "Taira"), -1);   /* hiatus a-i */
    ck_assert_int_eq(phon_parse(&ph, "Tannira"), -1); /* geminate n.n */
    ck_assert_int_eq(phon_parse(&ph, "Tra"), -1);     /* no clusters */
    ck_assert_int_eq(phon_parse(&ph, "Tat"), -1);     /* t is no coda */
    ph.liquid = "r";
    ph.cluster_pct = 10;
    ck_assert_int_eq(phon_parse(&ph, "Tra"), 1);
    ck_assert_int_eq(phon_parse(&ph, "Nra"), -1);     /* n is no stop */
}
END_TEST

/* Seeds 1-3 at 10k points: continents, seas and rivers are named; every
 * name parses in its region's language; names are distinct; 1 and 3
 * threads give the same names. */
START_TEST(test_planet_names_follow_their_language)
{
    uint64_t seed = 1 + (uint64_t)_i;
    struct world *w = names_world(seed, 10000, 1), *w3 = names_world(seed, 10000, 3);
    const struct planet_names *pn = w->names;
    size_t i, j, kinds[4] = { 0, 0, 0, 0 };
    ck_assert_int_ge(pn->nlang, 1);
    ck_assert_uint_eq(pn->nplace, w3->names->nplace);
    for (i = 0; i < pn->nplace; i++) {
        const struct place *p = &pn->place[i];
        ck_assert_int_ge(p->lang, 0);
        ck_assert_int_lt(p->lang, pn->nlang);
        ck_assert_msg(phon_parse(&pn->lang[p->lang], p->name) >= 1, "seed %d: %s %s",
                      (int)seed, place_kind_name(p->kind), p->name);
        ck_assert_str_eq(p->name, w3->names->place[i].name);
        kinds[p->kind]++;
        for (j = 0; j < i; j++) {
            ck_assert_str_ne(p->name, pn->place[j].name);
        }
    }
    ck_assert_uint_ge(kinds[PLACE_CONTINENT], 1);
    ck_assert_uint_ge(kinds[PLACE_SEA], 1);
    ck_assert_uint_ge(kinds[PLACE_RIVER], 1);
    ck_assert_uint_eq(kinds[PLACE_CONTINENT], (size_t)pn->nlang);
    /* every cell of a named landmass finds its name */
    for (i = 0; i < w->ncells; i++) {
        if (w->landmass[i] >= 0 && pn->landmass_place[w->landmass[i]] >= 0) {
            ck_assert_ptr_eq(planet_place_of_cell(w, i),
                             &pn->place[pn->landmass_place[w->landmass[i]]]);
        }
    }
    world_unref(w);
    world_unref(w3);
}
END_TEST

static int
same_inventory(const struct phonology *a, const struct phonology *b)
{
    int i;
    if (a->ncons != b->ncons || a->nvowels != b->nvowels) {
        return 0;
    }
    for (i = 0; i < a->ncons; i++) {
        if (strcmp(a->cons[i], b->cons[i]) != 0) {
            return 0;
        }
    }
    for (i = 0; i < a->nvowels; i++) {
        if (strcmp(a->vowel[i], b->vowel[i]) != 0) {
            return 0;
        }
    }
    return 1;
}

/* Different seeds, different inventories; different regions of one seed
 * too. */
START_TEST(test_planet_names_differ_by_seed)
{
    struct world *a = names_world(1, 10000, 1), *b = names_world(2, 10000, 1);
    int i, j;
    ck_assert(!same_inventory(&a->names->lang[0], &b->names->lang[0]));
    for (i = 0; i < a->names->nlang; i++) {
        for (j = 0; j < i; j++) {
            ck_assert(!same_inventory(&a->names->lang[i], &a->names->lang[j]));
        }
    }
    ck_assert_str_ne(a->names->place[0].name, b->names->place[0].name);
    world_unref(a);
    world_unref(b);
}
END_TEST

void
planet_names_tests(Suite *s)
{
    TCase *tc = tcase_create("names");
    tcase_add_test(tc, test_phonology_words_parse);
    tcase_add_test(tc, test_phonology_rules);
    tcase_add_loop_test(tc, test_planet_names_follow_their_language, 0, 3);
    tcase_add_test(tc, test_planet_names_differ_by_seed);
    tcase_set_timeout(tc, 30);
    suite_add_tcase(s, tc);
}
