/* mesh_locate: the triangle under a point near a known site, for the
 * pixel loops that already know the nearest site (render/mapimg_mesh.c on
 * the plane, render/sphere_surface.c on the sphere). */
#include "config.h"
#include "core/geom/mesh.h"

int32_t
mesh_triangle_near(const struct mesh *m, int32_t p, const double *q, double l[3],
                   mesh_tri_weights_fn weights)
{
    int32_t start = m->point_edge[p], in = start, k;

    if (start < 0) {
        return -1;
    }
    do {
        int32_t t = in / 3, nb[3];
        if (weights(m, t, q, l)) {
            return t;
        }
        mesh_triangle_neighbors(m, t, nb);
        for (k = 0; k < 3; k++) {
            if (nb[k] >= 0 && weights(m, nb[k], q, l)) {
                return nb[k];
            }
        }
        in = m->halfedges[mesh_edge_next(in)];
    } while (in >= 0 && in != start);
    return -1;
}
