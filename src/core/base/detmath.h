/* detmath: elementary functions with the same bits everywhere.
 *
 * libm's exp, sin, pow ... are not specified to the last bit: glibc, musl
 * and macOS differ, glibc picks FMA or SSE2 code paths by CPU, and
 * compilers fold calls with constant arguments through MPFR (correctly
 * rounded). Where such a result decides output bytes (a kernel weight whose
 * pixel is then rounded), orogen uses these instead. They are written with
 * + - * / and exact operations only (floor, fmod, frexp, ldexp), which IEEE 754 fixes to
 * the bit; with -ffp-contract=off and FLT_EVAL_METHOD 0 (configure
 * enforces both) every compiler and CPU gives the same result.
 * doc/reproducibility.md lists where they are used and where libm stays. */
#ifndef OROGEN_CORE_BASE_DETMATH_H
#define OROGEN_CORE_BASE_DETMATH_H

/* e^x, within 2 ulp of the true value for every finite x (tested against
 * libm); +inf above 709.78, 0 below -745.13, NaN for NaN. Method: x = n ln2
 * + r with ln2 split in two (Cody and Waite), |r| <= ln2 / 2, the Taylor
 * polynomial of e^r to degree 13 by Horner, times 2^n. */
double det_exp(double x);

/* sin x and cos x together, within 2 ulp of the true values for |x| <
 * 10^5 (farther out they lose accuracy, not determinism); NaN for NaN and
 * infinities. Method: x = k pi/2 + r with pi/2 in three parts, |r| <= pi/4,
 * Taylor polynomials to degree 17 and 18, the quadrant from k mod 4. */
void det_sincos(double x, double *s, double *c);
double det_sin(double x);
double det_cos(double x);

/* Natural logarithm, within 2 ulp; -inf at 0, NaN below 0. Method:
 * x = m 2^e with m in [sqrt(1/2), sqrt 2) (frexp, exact), log m =
 * 2 atanh((m - 1) / (m + 1)) by its series to degree 23. */
double det_log(double x);

/* x^y for x >= 0 as det_exp(y det_log(x)): its relative error grows with
 * |y log x| (about 1e-14 at |y log x| = 20); 1 for y = 0 or x = 1, 0 for
 * x = 0 and y > 0, NaN for x < 0. */
double det_pow(double x, double y);

/* log(1 + x), within a few ulp also for tiny x; -inf at -1, NaN below.
 * Method: u = 1 + x, then det_log(u) x / (u - 1) (the rounding of u
 * cancels; D. Goldberg, "What every computer scientist should know about
 * floating-point arithmetic", 1991, theorem 4). */
double det_log1p(double x);

/* Arc tangent, within 2 ulp (tested against libm). Method: |x| reduced to
 * [0, tan(pi/8)] by pi/2 - atan(1/x) and pi/4 + atan((x - 1)/(x + 1)),
 * then the Taylor series to degree 49 (detmath_arc.c). */
double det_atan(double x);

/* atan2(y, x) with C's signs and special cases (+-0, +-inf), within 2 ulp
 * plus the rounding of y / x: det_atan(|y / x|), moved to its quadrant. */
double det_atan2(double y, double x);

/* Arc sine, det_atan2(x, sqrt((1 - x)(1 + x))); NaN outside [-1, 1]. */
double det_asin(double x);

/* sqrt(x^2 + y^2) without overflow or underflow (both scaled by the
 * power of two of the larger first), within 1 ulp; inf if either is
 * infinite. */
double det_hypot(double x, double y);

#endif
