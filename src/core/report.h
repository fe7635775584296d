/* report: the world report, what a run was asked for against what came
 * out (issue 10): land fraction, mountain coverage, landmass counts,
 * whether every river reaches an outlet, and the lake share. Built from a
 * finished world's fields, parameters and stats only, so the stats JSON
 * ("report" section, doc/stats.md) and the TUI panel (R) show the same
 * rows. */
#ifndef OROGEN_CORE_REPORT_H
#define OROGEN_CORE_REPORT_H

#include "core/base/og_error.h"
#include "core/world.h"

#define REPORT_MAX_ROWS 12

struct report_row {
    const char *key;    /* stable JSON key in "report" */
    const char *label;  /* short human label */
    double asked;       /* the parameter's value, or NAN when nothing was asked */
    double got;         /* what came out */
    int integer;        /* 1: counts (print without decimals) */
    int ok;             /* 1 when got meets asked (or nothing asked), 0 when not */
};

struct world_report {
    int n;
    struct report_row row[REPORT_MAX_ROWS];
};

/* Fill r for the finished world w. Rows (those that apply): land_fraction
 * (asked: planet.land_target; ok within 0.05, islands come on top),
 * coverage (hybrid.coverage vs the mask's share; ok within 0.5 %),
 * landmasses (connected land cells: mesh or 4-neighbour grid),
 * landmasses_over_0_1pct, landmasses_over_1pct (planet: asked
 * planet.continents as a hint; never "not ok"), rivers (river nodes that
 * start a river), rivers_to_outlet (share of river nodes whose downhill
 * chain ends at an outlet; asked 1), lake_share (lake cells / cells).
 * Errors: OG_ENOMEM. */
enum og_status world_report_build(const struct world *w, struct world_report *r,
                                  struct og_error *err);

#endif
