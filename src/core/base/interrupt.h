/* interrupt: the process-wide "stop now" flag that a signal handler raises
 * and every long loop (generation stages, rasterizers, file writers) polls.
 *
 * og_interrupt(sig) is async-signal-safe (one lock-free atomic store) and
 * is meant for a SIGINT/SIGTERM/SIGHUP handler that does nothing else.
 * Long loops poll og_interrupted(), or hand og_interrupt_flag() on as
 * run_ctx.cancel or iso_options.cancel; writers then discard their
 * temporary file (io/outfile.h) and return OG_ECANCELED. It lives in
 * core/base so that render/ can poll it without knowing about files. */
#ifndef OROGEN_CORE_BASE_INTERRUPT_H
#define OROGEN_CORE_BASE_INTERRUPT_H

#include <stdatomic.h>

/* Ask every export and stage in progress to stop; sig (> 0) is
 * remembered (any other value is stored as 1). Safe in a signal handler. */
void og_interrupt(int sig);

/* The signal given to og_interrupt, 0 when none; OG_CANCELLED_JOB (-1)
 * when no signal came but the calling thread's job flag (og_cancel_bind)
 * is raised. Callers test it as a truth value. */
int og_interrupted(void);

#define OG_CANCELLED_JOB (-1)

/* Bind flag (NULL: none) as the calling thread's own cancel flag: from
 * then on og_interrupted() in this thread is also true once *flag is
 * non-zero, so one export of a long-running front end (the TUI's `x`)
 * stops at the next poll like an interrupted one (temporary removed,
 * OG_ECANCELED) while the process and its other threads go on.
 * og_parallel_for and team regions hand the caller's binding to their
 * threads for the region. */
void og_cancel_bind(atomic_int *flag);

/* The calling thread's bound flag, NULL when none. */
atomic_int *og_cancel_bound(void);

/* The flag itself, non-zero once interrupted, for run_ctx.cancel and
 * iso_options.cancel. */
atomic_int *og_interrupt_flag(void);

/* The signals whose default action ends the process and that front ends
 * turn into a clean stop through og_interrupt (issue 28 item 5): HUP, INT,
 * QUIT, TERM, XCPU (ulimit -t), ALRM, VTALRM, PROF, USR1, USR2; 0 ends the
 * list. Not listed: SIGPIPE and SIGXFSZ, which front ends ignore so that
 * write() reports EPIPE and EFBIG instead; SIGKILL and SIGSTOP, which
 * cannot be caught; crashes (SEGV, BUS, FPE, ILL, ABRT). */
extern const int og_stop_signals[];

/* "SIGINT" for SIGINT and so on, "a signal" for one not known. */
const char *og_signal_name(int sig);

/* Forget an interruption (tests only). */
void og_interrupt_reset(void);

#endif
