/* rng: PCG32 random numbers, seeded per (seed, stage) with splitmix64.
 *
 * Method: M. E. O'Neill, "PCG: A Family of Simple Fast Space-Efficient
 * Statistically Good Algorithms for Random Number Generation" (2014),
 * PCG-XSH-RR 64/32; seeding by Steele, Lea and Flood's splitmix64 (2014).
 * Each stage derives its own stream from (seed, stage name), so changing one
 * stage's parameters never reshuffles another stage's randomness. */
#ifndef OROGEN_CORE_BASE_RNG_H
#define OROGEN_CORE_BASE_RNG_H

#include <stdint.h>

struct rng {
    uint64_t state;
    uint64_t inc;
};

/* splitmix64's finaliser (Steele, Lea and Flood 2014): x's bits mixed so
 * that each input bit flips about half the output bits; a hash of lattice
 * points and counters. */
uint64_t rng_mix64(uint64_t x);

/* One splitmix64 step: advances *x and returns a well-mixed 64-bit value. */
uint64_t rng_splitmix64(uint64_t *x);

/* 64-bit FNV-1a hash of a NUL-terminated string. */
uint64_t rng_hash_str(const char *s);

/* Seed r from a 64-bit seed and a stream selector. */
void rng_seed(struct rng *r, uint64_t seed, uint64_t stream);

/* Seed r for a named stage: the stream is derived from (seed, stage). */
void rng_for_stage(struct rng *r, uint64_t seed, const char *stage);

/* Next uniformly distributed 32-bit value. */
uint32_t rng_next_u32(struct rng *r);

/* Uniform double in [0, 1) with 53 random bits. */
double rng_next_double(struct rng *r);

/* Uniform integer in [0, bound) without modulo bias; bound > 0. */
uint32_t rng_next_below(struct rng *r, uint32_t bound);

#endif
