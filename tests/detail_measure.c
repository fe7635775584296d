/* detail_measure: issue 24's measures on a rendered map (detail_measure.h). */
#include "config.h"
#include "detail_measure.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/mapimg.h"

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double
jump(uint32_t a, uint32_t b)
{
    int s;
    double d = 0.0;
    for (s = 0; s <= 16; s += 8) {
        d += fabs((double)((a >> s) & 255u) - (double)((b >> s) & 255u));
    }
    return d;
}

double
detail_cell_phase(const uint32_t *rgb, int W, int H, int pitch)
{
    double sum[64], sorted[64], med, top = 0.0;
    long n[64];
    int x, y, p;

    if (pitch < 2 || pitch > 64) {
        return 0.0;
    }
    memset(sum, 0, sizeof sum);
    memset(n, 0, sizeof n);
    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++) {
            uint32_t c = rgb[(size_t)y * W + x];
            if (y > 0) {
                sum[y % pitch] += jump(c, rgb[(size_t)(y - 1) * W + x]);
                n[y % pitch]++;
            }
            if (x > 0) {
                sum[x % pitch] += jump(c, rgb[(size_t)y * W + x - 1]);
                n[x % pitch]++;
            }
        }
    }
    for (p = 0; p < pitch; p++) {
        sorted[p] = sum[p] = n[p] > 0 ? sum[p] / (double)n[p] : 0.0;
        top = sum[p] > top ? sum[p] : top;
    }
    qsort(sorted, (size_t)pitch, sizeof *sorted, cmp_double);
    med = sorted[pitch / 2];
    return med > 0.0 ? top / med : 0.0;
}

static int
is_water(uint8_t c)
{
    return c == MC_DEEP || c == MC_WATER || c == MC_LAKE;
}

double
detail_flat_share(const uint32_t *rgb, const uint8_t *cls, int W, int H)
{
    long land = 0, flat = 0;
    int x, y;

    for (y = 1; y < H - 1; y++) {
        for (x = 1; x < W - 1; x++) {
            size_t i = (size_t)y * W + x;
            uint32_t c = rgb[i];
            if (is_water(cls[i]) || cls[i] == MC_VOID) {
                continue;
            }
            land++;
            flat += rgb[i - 1] == c && rgb[i + 1] == c && rgb[i - W] == c && rgb[i + W] == c;
        }
    }
    return land > 0 ? (double)flat / (double)land : 0.0;
}

/* Separable Gaussian blur of a W x H float image in place (edges clamped). */
static void
blur(float *img, int W, int H, double sigma)
{
    int r = (int)ceil(3.0 * sigma), k, x, y, n = W > H ? W : H;
    double *g = malloc(sizeof *g * (size_t)(2 * r + 1)), s = 0.0;
    float *line = malloc(sizeof *line * (size_t)n);

    for (k = -r; k <= r; k++) {
        s += g[k + r] = exp(-0.5 * k * k / (sigma * sigma));
    }
    for (k = 0; k <= 2 * r; k++) {
        g[k] /= s;
    }
    for (y = 0; y < H; y++) {
        float *row = img + (size_t)y * W;
        for (x = 0; x < W; x++) {
            double a = 0.0;
            for (k = -r; k <= r; k++) {
                int xx = x + k < 0 ? 0 : (x + k >= W ? W - 1 : x + k);
                a += g[k + r] * row[xx];
            }
            line[x] = (float)a;
        }
        memcpy(row, line, sizeof *line * (size_t)W);
    }
    for (x = 0; x < W; x++) {
        for (y = 0; y < H; y++) {
            double a = 0.0;
            for (k = -r; k <= r; k++) {
                int yy = y + k < 0 ? 0 : (y + k >= H ? H - 1 : y + k);
                a += g[k + r] * img[(size_t)yy * W + x];
            }
            line[y] = (float)a;
        }
        for (y = 0; y < H; y++) {
            img[(size_t)y * W + x] = line[y];
        }
    }
    free(g);
    free(line);
}

double
detail_coast_axis_ratio(const uint8_t *cls, int W, int H, double sigma, double hist[36])
{
    float *m = malloc(sizeof *m * (size_t)W * (size_t)H);
    double bins[36], sorted[36], top = 0.0, total = 0.0;
    int x, y, k;

    memset(bins, 0, sizeof bins);
    for (size_t i = 0; i < (size_t)W * (size_t)H; i++) {
        m[i] = is_water(cls[i]) ? 1.0f : 0.0f;
    }
    blur(m, W, H, sigma);
    for (y = 1; y < H - 1; y++) {
        for (x = 1; x < W - 1; x++) {
            size_t i = (size_t)y * W + x;
            double gx, gy, mag, a;
            if (m[i] < 0.1f || m[i] > 0.9f) {
                continue;
            }
            gx = 0.5 * (m[i + 1] - m[i - 1]);
            gy = 0.5 * (m[i + W] - m[i - W]);
            mag = sqrt(gx * gx + gy * gy);
            if (!(mag > 0.0)) {
                continue;
            }
            a = atan2(gy, gx) * 180.0 / M_PI;
            a = fmod(a + 360.0, 180.0);
            k = (int)floor((a + 2.5) / 5.0) % 36;
            bins[k] += mag;
            total += mag;
        }
    }
    free(m);
    if (hist != NULL) {
        memcpy(hist, bins, sizeof bins);
    }
    if (!(total > 0.0)) {
        return 0.0;
    }
    /* 12 groups of 15 degrees (bins 3k-1 .. 3k+1): a binary mask's pixel
       steps pull lines within a few degrees of an axis onto it, which a
       5-degree bin would count as a staircase */
    for (k = 0; k < 12; k++) {
        sorted[k] = bins[(3 * k + 35) % 36] + bins[3 * k] + bins[3 * k + 1];
        if (k % 3 == 0) {
            top = sorted[k] > top ? sorted[k] : top;
        }
    }
    qsort(sorted, 12, sizeof *sorted, cmp_double);
    return sorted[6] > 0.0 ? top / sorted[6] : 0.0;
}
