/* detmath: elementary functions with the same bits everywhere.
 *
 * libm's exp, sin, pow ... are not specified to the last bit: glibc, musl
 * and macOS differ, glibc picks FMA or SSE2 code paths by CPU, and
 * compilers fold calls with constant arguments through MPFR (correctly
 * rounded). Where such a result decides output bytes (a kernel weight whose
 * pixel is then rounded), orogen uses these instead. They are written with
 * + - * / and exact operations only (floor, ldexp), which IEEE 754 fixes to
 * the bit; with -ffp-contract=off and FLT_EVAL_METHOD 0 (configure
 * enforces both) every compiler and CPU gives the same result.
 * doc/reproducibility.md lists where they are used and where libm stays. */
#ifndef OROGEN_CORE_DETMATH_H
#define OROGEN_CORE_DETMATH_H

/* e^x, within 2 ulp of the true value for every finite x (tested against
 * libm); +inf above 709.78, 0 below -745.13, NaN for NaN. Method: x = n ln2
 * + r with ln2 split in two (Cody and Waite), |r| <= ln2 / 2, the Taylor
 * polynomial of e^r to degree 13 by Horner, times 2^n. */
double det_exp(double x);

#endif
