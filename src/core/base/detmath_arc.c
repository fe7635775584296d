/* detmath_arc: angles from ratios, and lengths (see detmath.h): atan,
 * atan2, asin, hypot with + - * / sqrt and exact operations only. */
#include "config.h"
#include "core/base/detmath.h"

#include <math.h>

/* pi/2 and pi/4 as a double plus the rest (fdlibm's atanhi/atanlo). */
#define PIO2_HI 1.57079632679489655800e+00
#define PIO2_LO 6.12323399573676603587e-17
#define PIO4_HI 7.85398163397448278999e-01
#define PIO4_LO 3.06161699786838301793e-17

/* atan t for |t| <= tan(pi/8) = 0.4142: t - t^3/3 + t^5/5 ... to degree
 * 49 (the first omitted term is below 0.4143^51 / 51 < 2^-70 of t). */
static double
atan_series(double t)
{
    double t2 = t * t, p = 0.0;
    int k;

    for (k = 49; k >= 3; k -= 2) {
        p = (((k / 2) % 2 == 0) ? 1.0 : -1.0) / k + p * t2;
    }
    return t + t * t2 * p;
}

double
det_atan(double x)
{
    double a = fabs(x), r;

    if (x != x) {
        return x;
    }
    if (a > 2.414213562373095) {
        /* atan a = pi/2 - atan(1/a); 1/a is 0 for a = inf */
        r = PIO2_HI - (atan_series(1.0 / a) - PIO2_LO);
    } else if (a > 0.4142135623730950) {
        /* atan a = pi/4 + atan((a - 1) / (a + 1)) */
        r = PIO4_HI + (atan_series((a - 1.0) / (a + 1.0)) + PIO4_LO);
    } else {
        r = atan_series(a);
    }
    return x < 0.0 ? -r : r;
}

double
det_atan2(double y, double x)
{
    double a;

    if (x != x || y != y) {
        return x + y;
    }
    if (y == 0.0) {
        /* +-0 towards x >= +0, +-pi towards x <= -0 (C's atan2) */
        return signbit(x) ? copysign(2.0 * PIO2_HI, y) : y;
    }
    if (x == 0.0) {
        return copysign(PIO2_HI, y);
    }
    if (isinf(x) || isinf(y)) {
        if (isinf(x) && isinf(y)) {
            a = x > 0.0 ? PIO4_HI : 3.0 * PIO4_HI;
        } else if (isinf(y)) {
            a = PIO2_HI;
        } else {
            a = x > 0.0 ? 0.0 : 2.0 * PIO2_HI;
        }
        return copysign(a, y);
    }
    a = det_atan(fabs(y / x));
    if (x < 0.0) {
        a = (2.0 * PIO2_HI - a) + 2.0 * PIO2_LO;
    }
    return copysign(a, y);
}

double
det_asin(double x)
{
    if (x != x || fabs(x) > 1.0) {
        return (x - x) / (x - x);   /* NaN */
    }
    /* (1 - x)(1 + x) keeps the digits near |x| = 1 that 1 - x^2 loses */
    return det_atan2(x, sqrt((1.0 - x) * (1.0 + x)));
}

double
det_hypot(double x, double y)
{
    double ax = fabs(x), ay = fabs(y), big, r;
    int k;

    if (isinf(ax) || isinf(ay)) {
        return HUGE_VAL;
    }
    if (ax != ax || ay != ay) {
        return ax + ay;
    }
    big = ax > ay ? ax : ay;
    if (big == 0.0) {
        return 0.0;
    }
    /* scaled by a power of two (exact) so the squares neither overflow
       nor underflow */
    k = ilogb(big);
    ax = ldexp(ax, -k);
    ay = ldexp(ay, -k);
    r = sqrt(ax * ax + ay * ay);
    return ldexp(r, k);
}
