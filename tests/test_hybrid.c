#include "config.h"
#include "tests.h"

Suite *
hybrid_suite(void)
{
    Suite *s = suite_create("hybrid");
    return s;
}
