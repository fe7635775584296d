/* lem_recipe: the landscape evolution model's settings from a recipe's
 * lem.* parameters (group lem, doc/lem.md), shared by every generator that
 * runs core/lem (hybrid, island, dem weathering). */
#ifndef OROGEN_CORE_LEM_LEM_RECIPE_H
#define OROGEN_CORE_LEM_LEM_RECIPE_H

#include "core/base/og_error.h"
#include "core/lem/lem.h"
#include "core/recipe/params.h"

/* The most steps one run may take (years / dt). */
#define LEM_MAX_STEPS 10000

/* lp from p's lem.dt, lem.k, lem.m, lem.n, lem.diffusivity, lem.talus and
 * lem.area, checked (lem_params_check), and into *steps the steps of lp->dt
 * years that cover `years` (ceil(years / dt), 0 for no years). Errors:
 * those of lem_params_check; OG_ERANGE naming `what` (the parameter that
 * gave the years) when the steps exceed LEM_MAX_STEPS. */
enum og_status lem_recipe_read(const struct params *p, double years, const char *what,
                               struct lem_params *lp, long *steps, struct og_error *err);

#endif
