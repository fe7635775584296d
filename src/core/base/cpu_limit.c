/* cpu_limit: a SIGXCPU before the hard CPU-time limit (see cpu_limit.h). */
#include "config.h"
#include "core/base/cpu_limit.h"

#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

double
og_cpu_limit_arm(void)
{
    static int armed;
    struct rlimit rl;
    struct sigaction old;
    struct sigevent ev;
    struct itimerspec when;
    timer_t timer;
    double hard, at;

    if (armed || getrlimit(RLIMIT_CPU, &rl) != 0 || rl.rlim_max == RLIM_INFINITY ||
        sigaction(SIGXCPU, NULL, &old) != 0 || old.sa_handler == SIG_IGN ||
        old.sa_handler == SIG_DFL) {
        return 0.0;
    }
    hard = (double)rl.rlim_max;
    at = hard >= 2.0 ? hard - 1.0 : hard / 2.0;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_SIGNAL;
    ev.sigev_signo = SIGXCPU;
    if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &ev, &timer) != 0) {
        return 0.0;
    }
    memset(&when, 0, sizeof when);
    when.it_value.tv_sec = (time_t)at;
    when.it_value.tv_nsec = (long)((at - (double)(time_t)at) * 1e9);
    if (timer_settime(timer, 0, &when, NULL) != 0) {
        timer_delete(timer);
        return 0.0;
    }
    armed = 1;
    return at;
}
