/* phonology: generated sound inventories and syllable rules (phonology.h). */
#include "config.h"
#include "core/lang/phonology.h"

#include <string.h>

#include "core/base/rng.h"

enum { K_STOP = 1, K_NASAL = 2, K_LIQUID = 4, K_SIBILANT = 8, K_OTHER = 16 };

struct grapheme {
    const char *s;
    int kind;
};

/* The pool every language draws its consonants from. */
static const struct grapheme cons_pool[] = {
    { "p", K_STOP }, { "t", K_STOP }, { "k", K_STOP }, { "b", K_STOP },
    { "d", K_STOP }, { "g", K_STOP }, { "m", K_NASAL }, { "n", K_NASAL },
    { "l", K_LIQUID }, { "r", K_LIQUID }, { "s", K_SIBILANT }, { "z", K_SIBILANT },
    { "sh", K_SIBILANT }, { "f", K_OTHER }, { "v", K_OTHER }, { "h", K_OTHER },
    { "w", K_OTHER }, { "y", K_OTHER }, { "th", K_OTHER }, { "j", K_OTHER },
    { "ch", K_OTHER },
};
#define NCONS_POOL (int)(sizeof cons_pool / sizeof cons_pool[0])

static const char *const simple_vowels[] = { "a", "e", "i", "o", "u" };
static const char *const diphthongs[] = { "ai", "au", "ei", "ou", "ia", "oo", "ee" };

static int
cons_kind(const char *s)
{
    int i;
    for (i = 0; i < NCONS_POOL; i++) {
        if (strcmp(cons_pool[i].s, s) == 0) {
            return cons_pool[i].kind;
        }
    }
    return 0;
}

/* Fisher-Yates: the first k of a random permutation of 0..n-1 into idx. */
static void
draw_subset(struct rng *r, int n, int k, int *idx)
{
    int perm[32], i;
    for (i = 0; i < n; i++) {
        perm[i] = i;
    }
    for (i = 0; i < k; i++) {
        int j = i + (int)rng_next_below(r, (uint32_t)(n - i)), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
        idx[i] = perm[i];
    }
}

void
phon_generate(struct phonology *ph, struct rng *r)
{
    int idx[32], i, nv, nd;

    memset(ph, 0, sizeof *ph);
    ph->ncons = 6 + (int)rng_next_below(r, PHON_MAX_CONS - 5);
    draw_subset(r, NCONS_POOL, ph->ncons, idx);
    for (i = 0; i < ph->ncons; i++) {
        ph->cons[i] = cons_pool[idx[i]].s;
    }
    nv = 3 + (int)rng_next_below(r, 3);
    draw_subset(r, 5, nv, idx);
    for (i = 0; i < nv; i++) {
        ph->vowel[i] = simple_vowels[idx[i]];
    }
    nd = (int)rng_next_below(r, 3);
    draw_subset(r, 7, nd, idx);
    for (i = 0; i < nd; i++) {
        ph->vowel[nv + i] = diphthongs[idx[i]];
    }
    ph->nvowels = nv + nd;
    /* codas: the inventory's nasals, liquids and sibilants, up to four */
    for (i = 0; i < ph->ncons && ph->ncodas < PHON_MAX_CODAS; i++) {
        int k = cons_kind(ph->cons[i]);
        if ((k & (K_NASAL | K_LIQUID | K_SIBILANT)) && rng_next_below(r, 3) != 0) {
            ph->coda[ph->ncodas++] = ph->cons[i];
        }
    }
    ph->coda_pct = ph->ncodas > 0 ? 10 + (int)rng_next_below(r, 40) : 0;
    for (i = 0; i < ph->ncons; i++) {
        if (cons_kind(ph->cons[i]) == K_LIQUID) {
            ph->liquid = ph->cons[i];
            break;
        }
    }
    ph->cluster_pct = ph->liquid != NULL && rng_next_below(r, 2) ? 8 + (int)rng_next_below(r, 20)
                                                                 : 0;
    if (ph->cluster_pct == 0) {
        ph->liquid = NULL;
    }
    ph->onset_pct = 50 + (int)rng_next_below(r, 51);
    /* two or three syllables (one open syllable, "Bo", is too little for a
     * place), at most two in languages of many closed syllables */
    ph->min_syll = 2;
    ph->max_syll = ph->coda_pct > 30 ? 2 + (int)rng_next_below(r, 2) : 3;
}

/* Index into a list of n, skewed to its head (the lower of two draws), so
 * a language has its favourite sounds. */
static int
skewed(struct rng *r, int n)
{
    int a = (int)rng_next_below(r, (uint32_t)n), b = (int)rng_next_below(r, (uint32_t)n);
    return a < b ? a : b;
}

static void
append(char *out, size_t *len, const char *s)
{
    size_t l = strlen(s);
    if (*len + l < PHON_NAME_MAX) {
        memcpy(out + *len, s, l + 1);
        *len += l;
    }
}

int
phon_word(const struct phonology *ph, struct rng *r, int extra, char *out)
{
    int n = ph->min_syll + (int)rng_next_below(r, (uint32_t)(ph->max_syll - ph->min_syll + 1)), s;
    const char *prev_coda = NULL;
    size_t len = 0;

    if (extra > 0) {
        n = ph->min_syll + extra > n ? ph->min_syll + extra : n;
    }
    n = n > 4 ? 4 : n;
    out[0] = '\0';
    for (s = 0; s < n; s++) {
        if (s > 0 || (int)rng_next_below(r, 100) < ph->onset_pct) {
            const char *c;
            do {
                c = ph->cons[skewed(r, ph->ncons)];
            } while (prev_coda != NULL && strcmp(c, prev_coda) == 0);
            append(out, &len, c);
            if (ph->liquid != NULL && cons_kind(c) == K_STOP
                && (int)rng_next_below(r, 100) < ph->cluster_pct) {
                append(out, &len, ph->liquid);
            }
        }
        append(out, &len, ph->vowel[skewed(r, ph->nvowels)]);
        prev_coda = NULL;
        if (ph->ncodas > 0 && (int)rng_next_below(r, 100) < ph->coda_pct) {
            prev_coda = ph->coda[rng_next_below(r, (uint32_t)ph->ncodas)];
            append(out, &len, prev_coda);
        }
    }
    if (out[0] >= 'a' && out[0] <= 'z') {
        out[0] = (char)(out[0] - 'a' + 'A');
    }
    return n;
}

static int parse_from(const struct phonology *ph, const char *s, int first, const char *coda);

static int
starts(const char *s, const char *g)
{
    return strncmp(s, g, strlen(g)) == 0;
}

/* After the onset (or none) at s: a vowel, an optional coda, the rest. */
static int
parse_nucleus(const struct phonology *ph, const char *s)
{
    int i, j;
    for (i = 0; i < ph->nvowels; i++) {
        const char *t;
        int k;
        if (!starts(s, ph->vowel[i])) {
            continue;
        }
        t = s + strlen(ph->vowel[i]);
        if ((k = parse_from(ph, t, 0, NULL)) >= 0) {
            return k + 1;
        }
        for (j = 0; j < ph->ncodas; j++) {
            if (starts(t, ph->coda[j])
                && (k = parse_from(ph, t + strlen(ph->coda[j]), 0, ph->coda[j])) >= 0) {
                return k + 1;
            }
        }
    }
    return -1;
}

/* Syllables s parses into (0 for the empty rest), -1 if none. first: s is
 * the word's start; coda: the consonant that closed the syllable before. */
static int
parse_from(const struct phonology *ph, const char *s, int first, const char *coda)
{
    int i, k;
    if (*s == '\0') {
        return first ? -1 : 0;
    }
    for (i = 0; i < ph->ncons; i++) {
        const char *t;
        if (!starts(s, ph->cons[i]) || (coda != NULL && strcmp(coda, ph->cons[i]) == 0)) {
            continue;
        }
        t = s + strlen(ph->cons[i]);
        if ((k = parse_nucleus(ph, t)) >= 0) {
            return k;
        }
        if (ph->liquid != NULL && cons_kind(ph->cons[i]) == K_STOP && starts(t, ph->liquid)
            && (k = parse_nucleus(ph, t + strlen(ph->liquid))) >= 0) {
            return k;
        }
    }
    return first ? parse_nucleus(ph, s) : -1;
}

int
phon_parse(const struct phonology *ph, const char *name)
{
    char low[PHON_NAME_MAX];
    size_t l = strlen(name);
    int k;
    if (l == 0 || l >= sizeof low) {
        return -1;
    }
    memcpy(low, name, l + 1);
    if (low[0] >= 'A' && low[0] <= 'Z') {
        low[0] = (char)(low[0] - 'A' + 'a');
    }
    k = parse_from(ph, low, 1, NULL);
    return k >= 1 && k <= 4 ? k : -1;
}
