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
 * lem.area (not checked: see lem_params_check). */
void lem_params_from_recipe(const struct params *p, struct lem_params *lp);

/* The steps of dt years that cover `years` (ceil(years / dt), 0 for no
 * years) into *steps. Errors: OG_ERANGE naming `what` (the parameter that
 * gave the years) when that exceeds LEM_MAX_STEPS. */
enum og_status lem_steps_for(double years, double dt, const char *what, long *steps,
                             struct og_error *err);

/* The three above in one: lp from p (lem_params_from_recipe), checked
 * (lem_params_check), and the steps covering `years` (lem_steps_for, with
 * `what` naming the parameter that gave them). Errors: those of the
 * check and of lem_steps_for. */
enum og_status lem_recipe_read(const struct params *p, double years, const char *what,
                               struct lem_params *lp, long *steps, struct og_error *err);

#endif
