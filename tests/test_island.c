#include "config.h"
#include "tests.h"

Suite *
island_suite(void)
{
    Suite *s = suite_create("island");
    return s;
}
