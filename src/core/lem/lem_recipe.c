#include "config.h"
#include "core/lem/lem_recipe.h"

#include <math.h>

/* lp from p's lem.* parameters, not checked. */
static void
lem_params_from_recipe(const struct params *p, struct lem_params *lp)
{
    lp->dt = params_get(p, P_LEM_DT);
    lp->k = params_get(p, P_LEM_K);
    lp->m = params_get(p, P_LEM_M);
    lp->n = params_get(p, P_LEM_N);
    lp->kd = params_get(p, P_LEM_KD);
    lp->talus = params_get(p, P_LEM_TALUS);
    lp->mfd = params_int(p, P_LEM_AREA) == 1;
}

/* The steps of dt years that cover `years`; OG_ERANGE past LEM_MAX_STEPS. */
static enum og_status
lem_steps_for(double years, double dt, const char *what, long *steps, struct og_error *err)
{
    double s = ceil(years / dt - 1e-9);

    if (!(s <= LEM_MAX_STEPS)) {
        return og_error_set(err, OG_ERANGE, "%s / lem.dt = %.0f steps exceeds %d", what, s,
                            LEM_MAX_STEPS);
    }
    *steps = s > 0.0 ? (long)s : 0;
    return OG_OK;
}

enum og_status
lem_recipe_read(const struct params *p, double years, const char *what, struct lem_params *lp,
                long *steps, struct og_error *err)
{
    enum og_status st;

    lem_params_from_recipe(p, lp);
    if ((st = lem_params_check(lp, err)) != OG_OK) {
        return st;
    }
    return lem_steps_for(years, lp->dt, what, steps, err);
}
