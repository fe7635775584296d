/* tint: colour ramps for continuous fields (no curses, no PNG). */
#ifndef OROGEN_RENDER_TINT_H
#define OROGEN_RENDER_TINT_H

#include <stdint.h>

/* Hypsometric tint, 0xRRGGBB, for t in [-1, 1] relative to the coast (0):
 * deep to shallow blue under the sea, sand at the coast, then green,
 * yellow-brown, brown, grey and snow white at 1. Values outside clamp to the
 * end colours (a colour ramp, not a user value). */
uint32_t tint_hypsometric(double t);

/* A perceptually even ramp for 0..1 data (moisture, flow, roughness):
 * dark blue-violet to yellow (viridis-like, our own stops). */
uint32_t tint_sequential(double t);

/* 0xRRGGBB a moved toward b by t (0: a, 1: b) in each channel, rounded
 * half up and clamped to 0..255 (t outside 0..1 extrapolates). Inline: the
 * map samplers call it per pixel. */
static inline uint32_t
tint_mix(uint32_t a, uint32_t b, double t)
{
    uint32_t out = 0;
    int s;
    for (s = 16; s >= 0; s -= 8) {
        double x = (double)((a >> s) & 255u), y = (double)((b >> s) & 255u);
        double z = x + (y - x) * t + 0.5;
        out |= (uint32_t)(z < 0.0 ? 0 : (z > 255.0 ? 255 : (int)z)) << s;
    }
    return out;
}

#endif
