/* cpu_limit: a clean stop before the hard CPU-time limit (ulimit -t).
 *
 * Linux sends SIGXCPU at RLIMIT_CPU's soft limit and SIGKILL at its hard
 * limit; `ulimit -t N` in sh and bash sets both to N, so the SIGKILL comes
 * first and nothing can remove a temporary file or say why (issue 28 item
 * 5). og_cpu_limit_arm asks the kernel for the process's own SIGXCPU a
 * little earlier, on a POSIX timer over the process's CPU clock: one second
 * before the hard limit (the kernel's own cadence past the soft limit),
 * half the limit when it is under two seconds. The front ends' SIGXCPU
 * handler then stops the run like any other stop signal. */
#ifndef OROGEN_CORE_BASE_CPU_LIMIT_H
#define OROGEN_CORE_BASE_CPU_LIMIT_H

/* Arm the early SIGXCPU when RLIMIT_CPU's hard limit is finite and
 * SIGXCPU is not ignored; call after installing the SIGXCPU handler.
 * Returns the CPU seconds at which it fires, 0 when nothing was armed (no
 * hard limit, SIGXCPU ignored, or the timer could not be created). Not
 * thread-safe: call once, from main, before threads start. */
double og_cpu_limit_arm(void);

#endif
