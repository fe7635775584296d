#include "config.h"
#include "tests.h"

Suite *
pngio_suite(void)
{
    Suite *s = suite_create("pngio");
    return s;
}
