#include "config.h"
#include "tests.h"

Suite *
pipeline_suite(void)
{
    Suite *s = suite_create("pipeline");
    return s;
}
