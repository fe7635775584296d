#include "config.h"
#include "tests.h"

Suite *
delaunay_suite(void)
{
    Suite *s = suite_create("delaunay");
    return s;
}
