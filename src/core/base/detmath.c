#include "config.h"
#include "core/base/detmath.h"

#include <math.h>

/* ln 2 = LN2_HI + LN2_LO; LN2_HI has its low 32 bits zero, so n * LN2_HI is
 * exact for |n| < 2^20 (fdlibm's split). */
#define LN2_HI 6.93147180369123816490e-01
#define LN2_LO 1.90821492927058770002e-10
#define INV_LN2 1.44269504088896338700e+00

double
det_exp(double x)
{
    double n, r, p;
    int k;

    if (x != x) {
        return x;
    }
    if (x > 709.782712893384) {
        return HUGE_VAL;
    }
    if (x < -745.1332191019412) {
        return 0.0;
    }
    n = floor(x * INV_LN2 + 0.5);
    r = (x - n * LN2_HI) - n * LN2_LO;
    /* e^r = sum r^k / k!, k = 0..13: the first omitted term is below
     * 0.35^14 / 14! < 5e-18 */
    p = 1.0 / 6227020800.0;                 /* 1/13! */
    p = p * r + 1.0 / 479001600.0;          /* 1/12! */
    p = p * r + 1.0 / 39916800.0;
    p = p * r + 1.0 / 3628800.0;
    p = p * r + 1.0 / 362880.0;
    p = p * r + 1.0 / 40320.0;
    p = p * r + 1.0 / 5040.0;
    p = p * r + 1.0 / 720.0;
    p = p * r + 1.0 / 120.0;
    p = p * r + 1.0 / 24.0;
    p = p * r + 1.0 / 6.0;
    p = p * r + 0.5;
    p = p * r + 1.0;
    p = p * r + 1.0;
    k = (int)n;
    /* 2^k in two steps keeps both factors normal near the ends of the range */
    if (k < -1000) {
        return ldexp(ldexp(p, k + 600), -600);
    }
    return ldexp(p, k);
}

/* pi/2 in three parts of 33 significant bits each (fdlibm's pio2_1, _2,
 * _3): k * part is exact for |k| < 2^20. */
#define PIO2_1 1.57079632673412561417e+00
#define PIO2_2 6.07710050630396597660e-11
#define PIO2_3 2.02226624871116645580e-21
#define TWO_OVER_PI 6.36619772367581382433e-01

void
det_sincos(double x, double *s, double *c)
{
    double k, r, r2, ps, pc;
    long q;

    if (x != x || x - x != 0.0) {   /* NaN or infinite */
        *s = *c = x - x;
        return;
    }
    k = floor(x * TWO_OVER_PI + 0.5);
    r = ((x - k * PIO2_1) - k * PIO2_2) - k * PIO2_3;
    r2 = r * r;
    /* |r| <= pi/4 (a little more far out): Taylor to r^17 and r^18, the
     * first omitted terms below 0.79^19 / 19! < 1e-19 */
    ps = 1.0 / 355687428096000.0;           /* 1/17! */
    ps = ps * r2 - 1.0 / 1307674368000.0;   /* -1/15! */
    ps = ps * r2 + 1.0 / 6227020800.0;
    ps = ps * r2 - 1.0 / 39916800.0;
    ps = ps * r2 + 1.0 / 362880.0;
    ps = ps * r2 - 1.0 / 5040.0;
    ps = ps * r2 + 1.0 / 120.0;
    ps = ps * r2 - 1.0 / 6.0;
    ps = r + r * r2 * ps;
    pc = -1.0 / 6402373705728000.0;         /* -1/18! */
    pc = pc * r2 + 1.0 / 20922789888000.0;  /* 1/16! */
    pc = pc * r2 - 1.0 / 87178291200.0;
    pc = pc * r2 + 1.0 / 479001600.0;
    pc = pc * r2 - 1.0 / 3628800.0;
    pc = pc * r2 + 1.0 / 40320.0;
    pc = pc * r2 - 1.0 / 720.0;
    pc = pc * r2 + 1.0 / 24.0;
    pc = pc * r2 - 0.5;
    pc = 1.0 + r2 * pc;
    q = (long)fmod(k, 4.0);
    q = q < 0 ? q + 4 : q;
    switch (q) {
    case 0: *s = ps; *c = pc; break;
    case 1: *s = pc; *c = -ps; break;
    case 2: *s = -ps; *c = -pc; break;
    default: *s = -pc; *c = ps; break;
    }
}

double
det_sin(double x)
{
    double s, c;
    det_sincos(x, &s, &c);
    return s;
}

double
det_cos(double x)
{
    double s, c;
    det_sincos(x, &s, &c);
    return c;
}

double
det_log(double x)
{
    double m, s, s2, p;
    int e;

    if (x != x || x < 0.0) {
        return x != x ? x : (x - x) / (x - x);   /* NaN */
    }
    if (x == 0.0) {
        return -HUGE_VAL;
    }
    if (x - x != 0.0) {
        return x;   /* +inf */
    }
    m = frexp(x, &e);   /* exact: x = m 2^e, m in [0.5, 1) */
    if (m < 0.70710678118654752440) {
        m *= 2.0;
        e--;
    }
    /* log m = 2 atanh s = 2 (s + s^3/3 + s^5/5 ...), |s| <= 0.1716 */
    s = (m - 1.0) / (m + 1.0);
    s2 = s * s;
    p = 1.0 / 23.0;
    p = p * s2 + 1.0 / 21.0;
    p = p * s2 + 1.0 / 19.0;
    p = p * s2 + 1.0 / 17.0;
    p = p * s2 + 1.0 / 15.0;
    p = p * s2 + 1.0 / 13.0;
    p = p * s2 + 1.0 / 11.0;
    p = p * s2 + 1.0 / 9.0;
    p = p * s2 + 1.0 / 7.0;
    p = p * s2 + 1.0 / 5.0;
    p = p * s2 + 1.0 / 3.0;
    p = 2.0 * s + 2.0 * s * s2 * p;
    return e * LN2_HI + (p + e * LN2_LO);
}

double
det_pow(double x, double y)
{
    if (y == 0.0 || x == 1.0) {
        return 1.0;
    }
    if (x != x || y != y || x < 0.0) {
        return (x - x) / (x - x) + y;   /* NaN */
    }
    if (x == 0.0) {
        return y > 0.0 ? 0.0 : HUGE_VAL;
    }
    return det_exp(y * det_log(x));
}

double
det_log1p(double x)
{
    double u = 1.0 + x;

    if (x != x || x < -1.0) {
        return x != x ? x : (x - x) / (x - x);   /* NaN */
    }
    if (u == 1.0) {
        return x;   /* |x| below half an ulp of 1: log(1 + x) = x to the bit */
    }
    if (u - u != 0.0) {
        return u;   /* +inf */
    }
    return det_log(u) * (x / (u - 1.0));
}
