/* surface: a grid's cell values as a continuous surface, for samplers that
 * draw a world at any output size without showing its cells (issue 24).
 *
 * Method: Catmull-Rom bicubic interpolation (Keys 1981, "Cubic convolution
 * interpolation for digital image processing", a = -0.5), the 4 x 4 cells
 * around the point: it passes through every cell value, its first
 * derivatives are continuous (C1) across cell borders and at a cell centre
 * equal the central difference (f[i+1] - f[i-1]) / 2, so relief shading
 * from its gradient matches the cell-wise shading at the centres. Edges
 * repeat the border cells. Catmull-Rom can overshoot the cell values by a
 * few percent near steps; callers that need a range clamp. Pure doubles
 * (no libm): the same bits on every platform and thread count. */
#ifndef OROGEN_RENDER_SURFACE_H
#define OROGEN_RENDER_SURFACE_H

/* The value of a W x H row-major field f at grid point (gx, gy), cell
 * (i, j) centred at gx = i, gy = j, into *v; its gradient in units per
 * cell into *dx, *dy (both may be NULL). Any finite point: outside the
 * grid the border cells continue. */
void surface_bicubic(const float *f, int W, int H, double gx, double gy, double *v, double *dx,
                     double *dy);

/* The same for a field given as the 4 x 4 values around the point, p[j][i]
 * at cell (floor(gx) - 1 + i, floor(gy) - 1 + j), with fx, fy the
 * fractions of gx, gy: for fields computed on the fly. */
void surface_bicubic16(const double p[4][4], double fx, double fy, double *v, double *dx,
                       double *dy);

/* The 4 x 4 cell indices around grid point (gx, gy) (border clamped) into
 * idx[j][i], and the fractions into *fx, *fy. */
void surface_taps(int W, int H, double gx, double gy, long idx[4][4], double *fx, double *fy);

/* One row of the surface, for samplers that walk along gx at a fixed gy:
 * surface_row_init finds the rows' taps and weights once, surface_row_at
 * gives the value at (gx, gy), the same bits as surface_bicubic's. */
struct surface_row {
    const float *f;
    int W;
    long row[4];     /* offsets of the four tap rows (border clamped) */
    double wy[4];    /* their Catmull-Rom weights */
};
void surface_row_init(struct surface_row *r, const float *f, int W, int H, double gy);
double surface_row_at(const struct surface_row *r, double gx);

#endif
