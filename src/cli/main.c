#include "config.h"
#include <stdio.h>
int
main(void)
{
    fputs("orogen: front end not built yet\n", stderr);
    return 1;
}
