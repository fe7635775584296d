#include "config.h"
#include "tests.h"

Suite *
lloyd_suite(void)
{
    Suite *s = suite_create("lloyd");
    return s;
}
