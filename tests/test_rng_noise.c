#include "config.h"
#include "tests.h"

Suite *
rng_noise_suite(void)
{
    Suite *s = suite_create("rng_noise");
    return s;
}
