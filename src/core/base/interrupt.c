#include "config.h"
#include "core/base/interrupt.h"

#include <signal.h>

const int og_stop_signals[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGXCPU, SIGALRM,
                                SIGVTALRM, SIGPROF, SIGUSR1, SIGUSR2, 0 };

const char *
og_signal_name(int sig)
{
    switch (sig) {
    case SIGHUP: return "SIGHUP";
    case SIGINT: return "SIGINT";
    case SIGQUIT: return "SIGQUIT";
    case SIGTERM: return "SIGTERM";
    case SIGXCPU: return "SIGXCPU";
    case SIGALRM: return "SIGALRM";
    case SIGVTALRM: return "SIGVTALRM";
    case SIGPROF: return "SIGPROF";
    case SIGUSR1: return "SIGUSR1";
    case SIGUSR2: return "SIGUSR2";
    case SIGPIPE: return "SIGPIPE";
    case SIGXFSZ: return "SIGXFSZ";
    default: return "a signal";
    }
}

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
