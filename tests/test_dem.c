#include "config.h"
#include "tests.h"

Suite *
dem_suite(void)
{
    Suite *s = suite_create("dem");
    return s;
}
