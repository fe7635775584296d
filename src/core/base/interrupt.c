#include "config.h"
#include "core/base/interrupt.h"

#include <signal.h>
#include <stddef.h>

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

static _Thread_local atomic_int *thread_cancel;

int
og_interrupted(void)
{
    int sig = atomic_load_explicit(&interrupt_flag, memory_order_relaxed);
    if (sig == 0 && thread_cancel != NULL &&
        atomic_load_explicit(thread_cancel, memory_order_relaxed) != 0) {
        return OG_CANCELLED_JOB;
    }
    return sig;
}

void
og_cancel_bind(atomic_int *flag)
{
    thread_cancel = flag;
}

atomic_int *
og_cancel_bound(void)
{
    return thread_cancel;
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
