/* predicates: adaptive-precision orient2d, incircle, orient3d.
 *
 * Written from the description in Shewchuk (1997): a floating-point filter
 * with the paper's a-priori error bounds, and an exact fallback that expands
 * each determinant into products of input coordinates and sums them as
 * nonoverlapping expansions (components sorted by increasing magnitude, the
 * last one carrying the sign). */
#include "config.h"

#include "core/geom/predicates.h"

#include <math.h>

/* The error-free transformations below need every product and sum rounded
 * on its own: no fused multiply-add contraction. GCC does not contract in
 * ISO C mode (-std=c11); clang may, when the target has FMA. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

/* Dekker's splitter for binary64: 2^27 + 1. The error bounds of the
 * floating-point stage are in predicates.h. */
#define PRED_SPLITTER 134217729.0

/* a + b = *x + *y exactly, *x the rounded sum (Knuth's Two-Sum). */
static inline void
pred_two_sum(double a, double b, double *x, double *y)
{
    double s = a + b;
    double bv = s - a;
    double av = s - bv;

    *x = s;
    *y = (a - av) + (b - bv);
}

/* a - b = *x + *y exactly (Two-Diff). */
static inline void
pred_two_diff(double a, double b, double *x, double *y)
{
    double d = a - b;
    double bv = a - d;
    double av = d + bv;

    *x = d;
    *y = (a - av) + (bv - b);
}

/* Dekker's split of a into two 26-bit halves hi + lo. */
static inline void
pred_split(double a, double *hi, double *lo)
{
    double c = PRED_SPLITTER * a;
    double big = c - a;

    *hi = c - big;
    *lo = a - *hi;
}

/* a * b = *x + *y exactly (Dekker's Two-Product). */
static inline void
pred_two_product(double a, double b, double *x, double *y)
{
    double p = a * b;
    double ahi, alo, bhi, blo, err;

    pred_split(a, &ahi, &alo);
    pred_split(b, &bhi, &blo);
    err = p - ahi * bhi;
    err -= alo * bhi;
    err -= ahi * blo;
    *x = p;
    *y = alo * blo - err;
}

/* h = e + f for nonoverlapping expansions (increasing magnitude); returns the
 * length of h, which needs room for elen + flen components. Zero components
 * are dropped (Fast-Expansion-Sum with zero elimination: merge by magnitude,
 * then carry a running sum through Two-Sum). */
static int
pred_expansion_sum(const double *e, int elen, const double *f, int flen, double *h)
{
    double q, qnew, hh, g;
    int i = 0, j = 0, k = 0, first = 1;

    q = 0.0;
    while (i < elen || j < flen) {
        if (j >= flen || (i < elen && fabs(e[i]) <= fabs(f[j]))) {
            g = e[i++];
        } else {
            g = f[j++];
        }
        if (first) {
            q = g;
            first = 0;
            continue;
        }
        pred_two_sum(q, g, &qnew, &hh);
        q = qnew;
        if (hh != 0.0) {
            h[k++] = hh;
        }
    }
    if (q != 0.0 || k == 0) {
        h[k++] = q;
    }
    return k;
}

/* h = b * e (Scale-Expansion with zero elimination); h needs 2 * elen. */
static int
pred_scale_expansion(const double *e, int elen, double b, double *h)
{
    double q, hh, p1, p0, sum;
    int i, k = 0;

    pred_two_product(e[0], b, &q, &hh);
    if (hh != 0.0) {
        h[k++] = hh;
    }
    for (i = 1; i < elen; i++) {
        pred_two_product(e[i], b, &p1, &p0);
        pred_two_sum(q, p0, &sum, &hh);
        if (hh != 0.0) {
            h[k++] = hh;
        }
        pred_two_sum(p1, sum, &q, &hh);
        if (hh != 0.0) {
            h[k++] = hh;
        }
    }
    if (q != 0.0 || k == 0) {
        h[k++] = q;
    }
    return k;
}

static void
pred_negate(double *e, int elen)
{
    int i;

    for (i = 0; i < elen; i++) {
        e[i] = -e[i];
    }
}

/* px * qy - py * qx exactly, as a 4-component expansion (zeros kept out). */
static int
pred_cross(const double *p, const double *q, double *h)
{
    double a[2], b[2];

    pred_two_product(p[0], q[1], &a[1], &a[0]);
    pred_two_product(p[1], q[0], &b[1], &b[0]);
    b[0] = -b[0];
    b[1] = -b[1];
    return pred_expansion_sum(a, 2, b, 2, h);
}

/* Exact orient2d of p, q, r (= cross(p,q) + cross(q,r) + cross(r,p)) into h
 * (room for 12); returns its length. */
static int
pred_orient2d_expansion(const double *pq, int npq, const double *qr, int nqr, const double *rp,
                        int nrp, double *h)
{
    double t[8];
    int nt = pred_expansion_sum(pq, npq, qr, nqr, t);

    return pred_expansion_sum(t, nt, rp, nrp, h);
}

static double
pred_orient2d_exact(const double *a, const double *b, const double *c)
{
    double ab[4], bc[4], ca[4], det[12];
    int nab = pred_cross(a, b, ab);
    int nbc = pred_cross(b, c, bc);
    int nca = pred_cross(c, a, ca);
    int n = pred_orient2d_expansion(ab, nab, bc, nbc, ca, nca, det);

    return det[n - 1];
}

double
predicates_orient2d(const double *a, const double *b, const double *c)
{
    double left = (a[0] - c[0]) * (b[1] - c[1]);
    double right = (a[1] - c[1]) * (b[0] - c[0]);
    double det = left - right;
    double bound = PREDICATES_ORIENT2D_BOUND * (fabs(left) + fabs(right));

    if (det > bound || -det > bound) {
        return det;
    }
    {
        /* When the differences to c are exact (their Two-Diff tails are
         * zero, as for lattice points), the 2x2 determinant of the
         * differences is the exact value: two Two-Products. */
        double acx, acy, bcx, bcy, t1, t2, t3, t4;
        pred_two_diff(a[0], c[0], &acx, &t1);
        pred_two_diff(a[1], c[1], &acy, &t2);
        pred_two_diff(b[0], c[0], &bcx, &t3);
        pred_two_diff(b[1], c[1], &bcy, &t4);
        if (t1 == 0.0 && t2 == 0.0 && t3 == 0.0 && t4 == 0.0) {
            double l[2], r[2], h[4];
            int n;
            pred_two_product(acx, bcy, &l[1], &l[0]);
            pred_two_product(acy, bcx, &r[1], &r[0]);
            r[0] = -r[0];
            r[1] = -r[1];
            n = pred_expansion_sum(l, 2, r, 2, h);
            return h[n - 1];
        }
    }
    return pred_orient2d_exact(a, b, c);
}

/* The 4x4 lifted determinant with rows (x_i, y_i, lift_i, 1) for i = a, b,
 * c, d, expanded along the lift column:
 *     lift_a O(b,c,d) - lift_b O(a,c,d) + lift_c O(a,b,d) - lift_d O(a,b,c),
 * O the exact planar orientation. By translation invariance it equals the
 * 3x3 determinant of the differences to d used by incircle and orient3d.
 * With dim3 == 0 the lift is x^2 + y^2 (incircle), else z (orient3d). */
static double
pred_lifted_exact(const double *a, const double *b, const double *c, const double *d, int dim3)
{
    const double *pts[4] = {a, b, c, d};
    double ab[4], bc[4], cd[4], da[4], ac[4], bd[4];
    int nab, nbc, ncd, nda, nac, nbd;
    double minor[4][12];
    int nminor[4];
    double term[4][96];
    int nterm[4];
    double s1[192], s2[192], det[384];
    int i, n1, n2, n;

    nab = pred_cross(a, b, ab);
    nbc = pred_cross(b, c, bc);
    ncd = pred_cross(c, d, cd);
    nda = pred_cross(d, a, da);
    nac = pred_cross(a, c, ac);
    nbd = pred_cross(b, d, bd);

    /* O(b,c,d) = bc + cd + db, with db = -bd (negated below, restored after). */
    pred_negate(bd, nbd);
    nminor[0] = pred_orient2d_expansion(bc, nbc, cd, ncd, bd, nbd, minor[0]);
    pred_negate(bd, nbd);
    /* O(a,c,d) = ac + cd + da */
    nminor[1] = pred_orient2d_expansion(ac, nac, cd, ncd, da, nda, minor[1]);
    /* O(a,b,d) = ab + bd + da */
    nminor[2] = pred_orient2d_expansion(ab, nab, bd, nbd, da, nda, minor[2]);
    /* O(a,b,c) = ab + bc + ca, ca = -ac */
    pred_negate(ac, nac);
    nminor[3] = pred_orient2d_expansion(ab, nab, bc, nbc, ac, nac, minor[3]);

    for (i = 0; i < 4; i++) {
        const double *p = pts[i];
        double t1[24], t2[48], t3[24], t4[48];
        int m1, m2, m3, m4;

        if (dim3) {
            nterm[i] = pred_scale_expansion(minor[i], nminor[i], p[2], term[i]);
        } else {
            m1 = pred_scale_expansion(minor[i], nminor[i], p[0], t1);
            m2 = pred_scale_expansion(t1, m1, p[0], t2);
            m3 = pred_scale_expansion(minor[i], nminor[i], p[1], t3);
            m4 = pred_scale_expansion(t3, m3, p[1], t4);
            nterm[i] = pred_expansion_sum(t2, m2, t4, m4, term[i]);
        }
        if (i % 2 == 1) {
            pred_negate(term[i], nterm[i]);
        }
    }
    n1 = pred_expansion_sum(term[0], nterm[0], term[1], nterm[1], s1);
    n2 = pred_expansion_sum(term[2], nterm[2], term[3], nterm[3], s2);
    n = pred_expansion_sum(s1, n1, s2, n2, det);
    return det[n - 1];
}

double
predicates_incircle(const double *a, const double *b, const double *c, const double *d)
{
    double adx = a[0] - d[0], ady = a[1] - d[1];
    double bdx = b[0] - d[0], bdy = b[1] - d[1];
    double cdx = c[0] - d[0], cdy = c[1] - d[1];
    double bdxcdy = bdx * cdy, cdxbdy = cdx * bdy;
    double cdxady = cdx * ady, adxcdy = adx * cdy;
    double adxbdy = adx * bdy, bdxady = bdx * ady;
    double alift = adx * adx + ady * ady;
    double blift = bdx * bdx + bdy * bdy;
    double clift = cdx * cdx + cdy * cdy;
    double det = alift * (bdxcdy - cdxbdy) + blift * (cdxady - adxcdy) +
                 clift * (adxbdy - bdxady);
    double perm = (fabs(bdxcdy) + fabs(cdxbdy)) * alift + (fabs(cdxady) + fabs(adxcdy)) * blift +
                  (fabs(adxbdy) + fabs(bdxady)) * clift;
    double bound = PREDICATES_INCIRCLE_BOUND * perm;

    if (det > bound || -det > bound) {
        return det;
    }
    {
        /* Exact differences (zero tails): the 3x3 determinant of the
         * differences, lift_a (b x c) + lift_b (c x a) + lift_c (a x b)
         * with lift = dx^2 + dy^2, in expansions a quarter the size of the
         * general case (the paper's second stage, made exact by the zero
         * tails). */
        double dx[3], dy[3], tail[6];
        int i, allzero = 1;
        const double *pt[3] = {a, b, c};

        for (i = 0; i < 3; i++) {
            pred_two_diff(pt[i][0], d[0], &dx[i], &tail[2 * i]);
            pred_two_diff(pt[i][1], d[1], &dy[i], &tail[2 * i + 1]);
        }
        for (i = 0; i < 6; i++) {
            allzero &= tail[i] == 0.0;
        }
        if (allzero) {
            double term[3][32], s1[64], fin[96];
            int nterm[3], n1, n;
            for (i = 0; i < 3; i++) {
                const double q[2] = {dx[(i + 1) % 3], dy[(i + 1) % 3]};
                const double r[2] = {dx[(i + 2) % 3], dy[(i + 2) % 3]};
                double cr[4], x1[8], x2[16], y1[8], y2[16];
                int ncr = pred_cross(q, r, cr);
                int nx1 = pred_scale_expansion(cr, ncr, dx[i], x1);
                int nx2 = pred_scale_expansion(x1, nx1, dx[i], x2);
                int ny1 = pred_scale_expansion(cr, ncr, dy[i], y1);
                int ny2 = pred_scale_expansion(y1, ny1, dy[i], y2);
                nterm[i] = pred_expansion_sum(x2, nx2, y2, ny2, term[i]);
            }
            n1 = pred_expansion_sum(term[0], nterm[0], term[1], nterm[1], s1);
            n = pred_expansion_sum(s1, n1, term[2], nterm[2], fin);
            return fin[n - 1];
        }
    }
    return pred_lifted_exact(a, b, c, d, 0);
}

double
predicates_orient3d(const double *a, const double *b, const double *c, const double *d)
{
    double adx = a[0] - d[0], ady = a[1] - d[1], adz = a[2] - d[2];
    double bdx = b[0] - d[0], bdy = b[1] - d[1], bdz = b[2] - d[2];
    double cdx = c[0] - d[0], cdy = c[1] - d[1], cdz = c[2] - d[2];
    double bdxcdy = bdx * cdy, cdxbdy = cdx * bdy;
    double cdxady = cdx * ady, adxcdy = adx * cdy;
    double adxbdy = adx * bdy, bdxady = bdx * ady;
    double det = adz * (bdxcdy - cdxbdy) + bdz * (cdxady - adxcdy) + cdz * (adxbdy - bdxady);
    double perm = (fabs(bdxcdy) + fabs(cdxbdy)) * fabs(adz) +
                  (fabs(cdxady) + fabs(adxcdy)) * fabs(bdz) +
                  (fabs(adxbdy) + fabs(bdxady)) * fabs(cdz);
    double bound = PREDICATES_ORIENT3D_BOUND * perm;

    if (det > bound || -det > bound) {
        return det;
    }
    return pred_lifted_exact(a, b, c, d, 1);
}
