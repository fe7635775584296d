/* abbrev: fit a label (a legend entry's name, a place's name and kind) to a
 * column of the TUI by whole words, never cutting a word in the middle
 * ("Kafeshwesh rive", "water (sea, lak" at 80x24, issue 29). */
#ifndef OROGEN_TUI_ABBREV_H
#define OROGEN_TUI_ABBREV_H

#include <stddef.h>

/* Write name into out (size bytes) in at most width columns (ASCII and
 * UTF-8 names; one column a code point). In order, until it fits: the
 * name as it is; without a parenthesised tail ("water (sea, lakes)" ->
 * "water"); the words of a short list abbreviated from the last word
 * backwards ("continent" -> "cont.", "river" -> "riv.", "temperate" ->
 * "temp." ...), then other words of 6+ letters after the first cut to
 * their first 3 letters and a dot; then whole words dropped from the end
 * (the first word stays, a small word such as "the" does not end it); a first word still too long is cut and ends in a
 * dot. Returns the columns written. */
int abbrev_fit(const char *name, int width, char *out, size_t size);

#endif
