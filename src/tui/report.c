/* report.c: the world report panel (R): what the run was asked for against
 * what came out, the rows of core/report.h (the same as the stats JSON's
 * "report" section). */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "core/report.h"
#include "tui/tui_state.h"

static void
format_value(char *buf, size_t size, double v, int integer)
{
    if (isnan(v)) {
        snprintf(buf, size, "-");
    } else if (integer) {
        snprintf(buf, size, "%.0f", v);
    } else {
        snprintf(buf, size, "%.3g", v);
    }
}

void
report_draw(struct tui *t)
{
    WINDOW *win = t->panelwin;
    struct world_report rep;
    struct og_error err;
    int w, h, i, row = 1, lw;
    char head[96];

    if (win == NULL) {
        return;
    }
    getmaxyx(win, h, w);
    werase(win);
    /* the label column gives way first in a narrow terminal: the figures
     * (asked 6, got 7, mark 3 and the gaps: 19 columns) stay whole */
    lw = w - 2 - 19;
    lw = lw > 18 ? 18 : lw < 6 ? 6 : lw;
    snprintf(head, sizeof head, "%-*.*s %6s %7s", lw, lw, "World report", "asked", "got");
    wattron(win, A_BOLD);
    mvwaddnstr(win, 0, 1, head, w - 2);
    wattroff(win, A_BOLD);
    if (t->world == NULL) {
        mvwaddnstr(win, 1, 1, "(no world yet)", w - 2);
        wnoutrefresh(win);
        return;
    }
    if (world_report_build(t->world, &rep, &err) != OG_OK) {
        mvwaddnstr(win, 1, 1, err.msg, w - 2);
        wnoutrefresh(win);
        return;
    }
    for (i = 0; i < rep.n && row < h; i++, row++) {
        const struct report_row *x = &rep.row[i];
        char asked[24], got[24], line[96];
        format_value(asked, sizeof asked, x->asked, x->integer && !isnan(x->asked));
        format_value(got, sizeof got, x->got, x->integer);
        /* ok / ! where something was asked, nothing for plain figures */
        snprintf(line, sizeof line, "%-*.*s %6.6s %7.7s %s", lw, lw, x->label, asked, got,
                 !x->ok ? "!" : isnan(x->asked) ? "" : "ok");
        if (!x->ok) {
            wattron(win, A_BOLD);
        }
        mvwaddnstr(win, row, 1, line, w - 2);
        if (!x->ok) {
            wattroff(win, A_BOLD);
        }
    }
    wnoutrefresh(win);
}
