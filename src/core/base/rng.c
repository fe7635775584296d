#include "config.h"
#include "core/base/rng.h"

uint64_t
rng_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t
rng_splitmix64(uint64_t *x)
{
    return rng_mix64(*x += 0x9E3779B97F4A7C15ull);
}

uint64_t
rng_hash_str(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s != '\0'; s++) {
        h ^= (unsigned char)*s;
        h *= 0x100000001b3ull;
    }
    return h;
}

void
rng_seed(struct rng *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed ^ (stream * 0xD1B54A32D192ED03ull);
    r->state = 0;
    r->inc = (rng_splitmix64(&x) << 1) | 1u;
    rng_next_u32(r);
    r->state += rng_splitmix64(&x);
    rng_next_u32(r);
}

void
rng_for_stage(struct rng *r, uint64_t seed, const char *stage)
{
    rng_seed(r, seed, rng_hash_str(stage));
}

uint32_t
rng_next_u32(struct rng *r)
{
    uint64_t old = r->state;
    r->state = old * 6364136223846793005ull + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

double
rng_next_double(struct rng *r)
{
    uint64_t hi = rng_next_u32(r) >> 5;  /* 27 bits */
    uint64_t lo = rng_next_u32(r) >> 6;  /* 26 bits */
    return (double)((hi << 26) | lo) * (1.0 / 9007199254740992.0);
}

uint32_t
rng_next_below(struct rng *r, uint32_t bound)
{
    /* Lemire's nearly divisionless method. */
    uint64_t m = (uint64_t)rng_next_u32(r) * bound;
    uint32_t l = (uint32_t)m;
    if (l < bound) {
        uint32_t t = (uint32_t)(-bound) % bound;
        while (l < t) {
            m = (uint64_t)rng_next_u32(r) * bound;
            l = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}
