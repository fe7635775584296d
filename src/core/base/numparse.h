/* numparse: strict parsing of the numbers people type (parameters, sizes,
 * times of day), shared by the command line, presets, recipes and the TUI.
 *
 * Strict means: plain decimal only. No hexadecimal ("0x10", "0x1p-2"), no
 * "inf"/"nan", no leading or trailing blanks, no '+' inside a size
 * ("10x+10"), nothing after the number. Every function is overflow-safe
 * (digits are counted before any arithmetic) and never reads past the
 * terminating NUL (issue 15 items 6 and 10). */
#ifndef OROGEN_CORE_BASE_NUMPARSE_H
#define OROGEN_CORE_BASE_NUMPARSE_H

/* Outcome of a parse. */
enum num_status {
    NUM_OK = 0,
    NUM_SYNTAX,     /* not a number of the expected form */
    NUM_OVERFLOW,   /* too large in magnitude for a double / the range */
    NUM_UNDERFLOW   /* non-zero but closer to 0 than a double holds (1e-400) */
};

/* A decimal real: [+-]? (digits [. digits*] | . digits) ([eE] [+-]? digits)?
 * into *out. */
enum num_status num_parse_real(const char *s, double *out);

/* A decimal integer: [-]? digits, within [min, max] (NUM_OVERFLOW outside). */
enum num_status num_parse_int(const char *s, long min, long max, long *out);

/* An image size "WxH" (or "WXH"): two runs of digits, each side within
 * 1..max (NUM_OVERFLOW outside). */
enum num_status num_parse_size(const char *s, int max, int *w, int *h);

/* A time of day in hours: "9", "09", "9:30", "09:30" (minutes 00..59, two
 * digits) or "9.5"; *hours in [0, 24] (NUM_OVERFLOW beyond). */
enum num_status num_parse_time(const char *s, double *hours);

#endif
