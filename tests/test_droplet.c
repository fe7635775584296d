#include "config.h"
#include "tests.h"

Suite *
droplet_suite(void)
{
    Suite *s = suite_create("droplet");
    return s;
}
