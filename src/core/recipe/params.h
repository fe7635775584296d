/* params: the parameter table (params.def) and parameter sets.
 *
 * Every tunable value of every generator and renderer is one row of
 * params.def. A struct params holds one value per row; values are checked
 * against the row's range when set and are never clamped. Text is read and
 * written in the C locale ("0.5", never "0,5") whatever the user's locale. */
#ifndef OROGEN_CORE_RECIPE_PARAMS_H
#define OROGEN_CORE_RECIPE_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

enum param_group {
    PG_COMMON,
    PG_ISLAND,
    PG_DEM,
    PG_HYBRID,
    PG_PLANET,
    PG_HYDRO,   /* hydrology and biomes, shared by island and dem */
    PG_RENDER,  /* isometric and globe renders */
    PG_LEM,     /* landscape evolution, shared by hybrid and island */
    PG_COUNT
};

enum param_type { PT_INT, PT_REAL, PT_ENUM, PT_SEED };

enum param_id {
#define PARAM(id, name, group, type, def, min, max, step, unit, choices, help) P_##id,
#include "core/recipe/params.def"
#undef PARAM
    P_COUNT
};

struct param_def {
    const char *name;
    enum param_group group;
    enum param_type type;
    double def, min, max, step;
    const char *unit;
    const char *choices; /* "a|b|c" for PT_ENUM */
    const char *help;
};

struct params {
    uint64_t seed;      /* P_SEED lives here at full 64-bit precision */
    double v[P_COUNT];  /* every other value; enums hold their index */
};

/* The table row for id (0 <= id < P_COUNT). */
const struct param_def *param_def(enum param_id id);

/* The group's short name ("island", "render", ...). */
const char *param_group_name(enum param_group g);

/* Look a parameter up by its full name ("island.cells", "seed"). Returns its
 * id, or -1 if no row has that name. */
int params_find(const char *name);

/* 1 when the real row id also takes the word "auto" (its choices are
 * "auto"): the value is then NaN and the generator derives it. */
int param_has_auto(enum param_id id);

/* Fill p with every row's default. */
void params_defaults(struct params *p);

/* Value of a row as a double (enum rows give their index). */
double params_get(const struct params *p, enum param_id id);

/* Value of an integer or enum row. */
int params_int(const struct params *p, enum param_id id);

/* Set a row to v. Errors: OG_ERANGE "param 'x' = v outside [min, max]" when
 * out of range, OG_EINVAL when an integer row gets a fractional value. p is
 * unchanged on error. */
enum og_status params_set(struct params *p, enum param_id id, double v, struct og_error *err);

/* Parse text (C locale: decimal point, enum choice names or indices, seeds
 * as unsigned 64-bit decimal) and set the row. Errors as params_set, plus
 * OG_EINVAL for text that is not a number or not one of the choices. */
enum og_status params_set_text(struct params *p, enum param_id id, const char *text,
                               struct og_error *err);

/* Parse "name=value" and set it. Errors name the parameter. */
enum og_status params_set_assignment(struct params *p, const char *assignment,
                                     struct og_error *err);

/* Move a row by `steps` of its step size (negative steps go down). A step
 * that would leave the range is refused with OG_ERANGE, p unchanged. */
enum og_status params_step(struct params *p, enum param_id id, int steps, struct og_error *err);

/* Format a row's value into buf (C locale, shortest text that reads back the
 * same value; enum rows give their choice name). Returns buf. */
char *params_format(const struct params *p, enum param_id id, char *buf, size_t size);

/* The shortest C-locale text that reads back as v: whole numbers below 1e15
 * without exponent ("2000000"), others with %g and as many digits as
 * needed. Returns buf. */
char *params_format_number(double v, char *buf, size_t size);

/* Name of choice `index` of an enum row, into buf. Returns buf, or "" if the
 * index is out of range. */
char *param_choice_name(enum param_id id, int index, char *buf, size_t size);

/* Number of choices of an enum row (0 for other types). */
int param_choice_count(enum param_id id);

/* Does row id matter for a generator that reads the groups in mask
 * (bit (1 << group))? */
int param_in_groups(enum param_id id, unsigned mask);

/* Parse a preset / recipe text of "name = value" lines ('#' comments,
 * blank lines allowed). All-or-nothing: p is changed only if every line is
 * valid; otherwise err says "FILE:LINE: reason" using `source` as FILE. */
enum og_status params_parse_text(struct params *p, const char *text, const char *source,
                                 struct og_error *err);

/* Write every row in mask as "name = value\n" lines into a malloc'd
 * string (*out, caller frees). */
enum og_status params_to_text(const struct params *p, unsigned mask, char **out,
                              struct og_error *err);

#endif
