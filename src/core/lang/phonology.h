/* phonology: a small generated language, its sound inventory and syllable
 * rules, for the names of a world's places (issue 25 item 5; Lingua Franca
 * is about generated languages).
 *
 * A phonology is drawn from a random stream: a consonant inventory (6-12
 * graphemes of a fixed pool, "sh" and "th" spelt as digraphs), a vowel
 * inventory (3-5 of a e i o u and up to two diphthongs), the codas (the
 * consonants that may close a syllable: 0-4 of its nasals, liquids and
 * sibilants), optionally one liquid that may follow a stop in an onset
 * (onset clusters "tr", "kl"), and the rates of onsets, codas and
 * clusters, and the word length (2-3 syllables, at most 4 when a name is
 * lengthened). Its rules
 * (phonotactics), which phon_parse checks:
 *
 *   word     = syllable{min_syll..max_syll}
 *   syllable = onset? vowel coda?     onset = C | S L
 *   only the first syllable may lack an onset (no vowel hiatus);
 *   a coda is never followed by the same consonant (no geminates);
 *   C a consonant, S a stop of the inventory, L the liquid, vowel and
 *   coda from their inventories.
 *
 * This follows the syllable-template design of conlang generators (Mark
 * Rosenfelder, "The Language Construction Kit", 2010; Martin O'Leary's
 * "Generating fantasy maps" naming languages, 2016): a language is an
 * inventory plus a template, so names from one region sound alike and
 * regions sound different. Integer arithmetic and the rng only: the same
 * names on every platform. */
#ifndef OROGEN_CORE_LANG_PHONOLOGY_H
#define OROGEN_CORE_LANG_PHONOLOGY_H

#include <stddef.h>
#include <stdint.h>

struct rng;

#define PHON_MAX_CONS 12
#define PHON_MAX_VOWELS 7
#define PHON_MAX_CODAS 4
/* bytes of a name with its NUL */
#define PHON_NAME_MAX 32

struct phonology {
    int ncons, nvowels, ncodas;
    const char *cons[PHON_MAX_CONS];    /* graphemes, most frequent first */
    const char *vowel[PHON_MAX_VOWELS];
    const char *coda[PHON_MAX_CODAS];
    const char *liquid;                 /* second consonant of a cluster, or NULL */
    int onset_pct;                      /* % of first syllables with an onset */
    int coda_pct;                       /* % of syllables with a coda */
    int cluster_pct;                    /* % of stop onsets followed by the liquid */
    int min_syll, max_syll;             /* syllables in a word */
};

/* Draw a phonology from r. Never fails. */
void phon_generate(struct phonology *ph, struct rng *r);

/* A word of ph drawn from r into out (PHON_NAME_MAX bytes), capitalised,
 * with at least extra more syllables than ph->min_syll when extra > 0 (up
 * to 4): callers lengthen a name that collided with another. Returns the
 * number of syllables. */
int phon_word(const struct phonology *ph, struct rng *r, int extra, char *out);

/* The number of syllables name (any case of its first letter) parses into
 * under ph's rules, 1..4, or -1 when it does not parse: a letter outside
 * the inventories, a vowel hiatus, a geminate, a cluster without the
 * liquid. Word length bounds are not checked (phon_word may add
 * syllables). */
int phon_parse(const struct phonology *ph, const char *name);

#endif
