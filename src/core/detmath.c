#include "config.h"
#include "core/detmath.h"

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
