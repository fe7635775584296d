/* Internal to core/lem: the model's state and its parts (stream_power.c,
 * hillslope.c, lem.c). */
#ifndef OROGEN_CORE_LEM_LEM_INTERNAL_H
#define OROGEN_CORE_LEM_LEM_INTERNAL_H

#include "core/lem/lem.h"

struct lem {
    int width, height;
    size_t n;
    double cell;       /* m */
    uint8_t *base;     /* base-level nodes */
    float *filled;     /* priority-flood surface of the step */
    uint32_t *rank;    /* flood order */
    int32_t *recv;     /* receiver, -1 on base level */
    float *dist;       /* distance to the receiver, m */
    int32_t *order;    /* stack: donors before receivers */
    float *area;       /* drainage area, m^2 */
    float *wear, *dep; /* total erosion and deposition, m */
    float *delta;      /* hillslope scratch, m */
    struct lem_totals tot;
    long steps;
};

/* Steepest-descent receivers on s->filled (flats along the flood order)
 * into s->recv and s->dist, rows in parallel batches. */
enum og_status lem_receivers_d8(struct lem *s, int threads, struct og_error *err);

/* Uplift and implicit stream power erosion of z over p->dt, in reverse
 * stack order (receivers first). Adds to s->tot and s->wear. */
void lem_stream_power(struct lem *s, float *z, const float *uplift, const struct lem_params *p);

/* Hillslope diffusion (p->kd) and the talus limit (p->talus) on z over
 * p->dt. Adds to s->tot, s->wear and s->dep. */
enum og_status lem_hillslope(struct lem *s, float *z, const struct lem_params *p, int threads,
                             struct og_error *err);

#endif
