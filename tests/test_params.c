#include "config.h"
#include "tests.h"

Suite *
params_suite(void)
{
    Suite *s = suite_create("params");
    return s;
}
