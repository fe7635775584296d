/* curses_compat: the one place that includes <curses.h> and <form.h>
 * (htop's ProvideCurses.h). The wide-character API (setcchar, wadd_wch,
 * form_driver_w) needs NCURSES_WIDECHAR before the header; Debian's
 * ncursesw.pc adds -D_XOPEN_SOURCE=600, which implies it, but other
 * pkg-config files may not. Link ncursesw and formw, never the narrow
 * libraries (../shared/TERMINAL.md section 1.6). */
#ifndef OROGEN_TUI_CURSES_COMPAT_H
#define OROGEN_TUI_CURSES_COMPAT_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <curses.h>
#include <form.h>

/* <term.h> is left out on purpose: it defines a macro for every terminfo
 * capability (lines, columns, tab, ...). tigetstr/tigetflag/tigetnum come
 * from <curses.h>. */

#endif
