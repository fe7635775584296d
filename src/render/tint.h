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

#endif
