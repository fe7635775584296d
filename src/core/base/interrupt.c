#include "config.h"
#include "core/base/interrupt.h"

static atomic_int interrupt_flag;

void
og_interrupt(int sig)
{
    atomic_store(&interrupt_flag, sig > 0 ? sig : 1);
}

int
og_interrupted(void)
{
    return atomic_load_explicit(&interrupt_flag, memory_order_relaxed);
}

atomic_int *
og_interrupt_flag(void)
{
    return &interrupt_flag;
}

void
og_interrupt_reset(void)
{
    atomic_store(&interrupt_flag, 0);
}
