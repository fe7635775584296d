#include "config.h"
#include "render/tint.h"

#include <math.h>
#include <stddef.h>

/* A hypsometric tint: deep blue to light blue under the sea, then green,
 * yellow-brown, brown, grey and white on land. t in [-1, 1], 0 = coast. */
uint32_t
tint_hypsometric(double t)
{
    static const struct { double t; int r, g, b; } stops[] = {
        { -1.00, 12, 34, 88 }, { -0.35, 32, 78, 148 }, { -0.001, 92, 150, 206 },
        { 0.000, 214, 206, 150 }, { 0.04, 118, 170, 92 }, { 0.25, 76, 140, 70 },
        { 0.45, 160, 156, 92 }, { 0.65, 138, 110, 80 }, { 0.85, 150, 146, 140 },
        { 1.00, 250, 250, 250 },
    };
    size_t i, n = sizeof stops / sizeof stops[0];
    if (t <= stops[0].t) {
        return (uint32_t)(stops[0].r << 16 | stops[0].g << 8 | stops[0].b);
    }
    for (i = 1; i < n; i++) {
        if (t <= stops[i].t) {
            double u = (t - stops[i - 1].t) / (stops[i].t - stops[i - 1].t);
            int r = (int)lround(stops[i - 1].r + u * (stops[i].r - stops[i - 1].r));
            int g = (int)lround(stops[i - 1].g + u * (stops[i].g - stops[i - 1].g));
            int b = (int)lround(stops[i - 1].b + u * (stops[i].b - stops[i - 1].b));
            return (uint32_t)(r << 16 | g << 8 | b);
        }
    }
    return (uint32_t)(stops[n - 1].r << 16 | stops[n - 1].g << 8 | stops[n - 1].b);
}


uint32_t
tint_sequential(double t)
{
    static const int stops[][3] = {
        { 68, 1, 84 }, { 65, 68, 135 }, { 42, 120, 142 }, { 34, 168, 132 },
        { 122, 209, 81 }, { 253, 231, 37 },
    };
    double x;
    int i;
    if (!(t > 0.0)) {
        t = 0.0;
    } else if (t > 1.0) {
        t = 1.0;
    }
    x = t * 5.0;
    i = (int)x;
    if (i >= 5) {
        i = 4;
    }
    x -= i;
    int r = (int)lround(stops[i][0] + x * (stops[i + 1][0] - stops[i][0]));
    int g = (int)lround(stops[i][1] + x * (stops[i + 1][1] - stops[i][1]));
    int b = (int)lround(stops[i][2] + x * (stops[i + 1][2] - stops[i][2]));
    return (uint32_t)(r << 16 | g << 8 | b);
}
