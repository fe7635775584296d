#include "config.h"
#include "core/base/value_noise.h"

#include <assert.h>
#include <math.h>

/* splitmix64's output function: a bijective 64-bit mixer. */
static inline uint64_t
mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double
value_noise_lattice(uint64_t seed, int64_t i, int64_t j)
{
    /* Two rounds so that neighbouring (i, j) and nearby seeds decorrelate. */
    uint64_t h = mix64(seed ^ ((uint64_t)i * 0x9E3779B97F4A7C15ull));
    h = mix64(h ^ ((uint64_t)j * 0xC2B2AE3D27D4EB4Full));
    return (double)(h >> 11) * (1.0 / 9007199254740992.0);
}

static inline double
fade(double t)
{
    return t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
}

double
value_noise2(uint64_t seed, double x, double y)
{
    double fx = floor(x), fy = floor(y);
    int64_t i = (int64_t)fx, j = (int64_t)fy;
    double u = fade(x - fx), v = fade(y - fy);
    double a = value_noise_lattice(seed, i, j);
    double b = value_noise_lattice(seed, i + 1, j);
    double c = value_noise_lattice(seed, i, j + 1);
    double d = value_noise_lattice(seed, i + 1, j + 1);
    double top = a + u * (b - a);
    double bottom = c + u * (d - c);
    return top + v * (bottom - top);
}

/* The seed of octave o: a seed per octave keeps their lattices
 * uncorrelated. */
static inline uint64_t
octave_seed(uint64_t seed, int o)
{
    return mix64(seed + (uint64_t)(o + 1) * 0x9E3779B97F4A7C15ull);
}

double
value_noise_fbm2(uint64_t seed, int octaves, double x, double y)
{
    double sum = 0.0, amp = 1.0, norm = 0.0, freq = 1.0;
    int o;

    assert(octaves >= 1 && octaves <= VALUE_NOISE_MAX_OCTAVES);
    for (o = 0; o < octaves; o++) {
        sum += amp * value_noise2(octave_seed(seed, o), x * freq, y * freq);
        norm += amp;
        amp *= 0.5;
        freq *= 2.0;
    }
    return sum / norm;
}

void
value_noise_fbm2_row(uint64_t seed, int octaves, double scale, double y, size_t n, double *out)
{
    value_noise_fbm2_row_weighted(seed, octaves, NULL, scale, y, n, out);
}

void
value_noise_fbm2_row_weighted(uint64_t seed, int octaves, const double *weight, double scale,
                              double y, size_t n, double *out)
{
    double amp = 1.0, norm = 0.0, freq = 1.0;
    size_t k;
    int o;

    assert(octaves >= 1 && octaves <= VALUE_NOISE_MAX_OCTAVES);
    for (k = 0; k < n; k++) {
        out[k] = 0.0;
    }
    for (o = 0; o < octaves; o++) {
        /* The same operations as value_noise2, in the same order, with the
         * corner values kept while the sample stays in one lattice cell. */
        uint64_t s = octave_seed(seed, o);
        double yy = y * freq, fy = floor(yy), v = fade(yy - fy);
        int64_t j = (int64_t)fy, last = 0;
        double a = 0.0, b = 0.0, c = 0.0, d = 0.0;
        int have = 0;
        for (k = 0; k < n; k++) {
            double xx = (double)k * scale * freq, fx = floor(xx);
            int64_t i = (int64_t)fx;
            double u = fade(xx - fx), top, bottom;
            if (!have || i != last) {
                a = value_noise_lattice(s, i, j);
                b = value_noise_lattice(s, i + 1, j);
                c = value_noise_lattice(s, i, j + 1);
                d = value_noise_lattice(s, i + 1, j + 1);
                last = i;
                have = 1;
            }
            top = a + u * (b - a);
            bottom = c + u * (d - c);
            if (weight == NULL || weight[o] == 1.0) {
                out[k] += amp * (top + v * (bottom - top));
            } else {
                out[k] += amp * (weight[o] * (top + v * (bottom - top)) +
                                 (1.0 - weight[o]) * 0.5);
            }
        }
        norm += amp;
        amp *= 0.5;
        freq *= 2.0;
    }
    for (k = 0; k < n; k++) {
        out[k] /= norm;
    }
}
