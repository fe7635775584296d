#include "config.h"
#include "render/mapimg_sphere.h"

#include "core/geom/mesh.h"
#include "core/recipe/params.h"
#include "render/projection.h"

long
mapimg_sphere_cell(const struct world *w, const struct map_view *view, double u, double v,
                   int32_t *start, double *q)
{
    double lon0 = params_get(&w->params, P_PLANET_GLOBE_YAW);
    double lat0 = params_get(&w->params, P_PLANET_GLOBE_PITCH);
    (void)view;
    if (w->mesh == NULL || w->mesh->npoints == 0
        || !projection_inverse(params_int(&w->params, P_PLANET_PROJECTION), lon0, lat0, u, v,
                               q)) {
        return -1;
    }
    *start = mesh_nearest_point(w->mesh, q, *start);
    return *start;
}

double
mapimg_sphere_pixel(const struct world *w, double dv)
{
    return projection_scale(params_int(&w->params, P_PLANET_PROJECTION)) * (dv > 0.0 ? dv : -dv);
}
