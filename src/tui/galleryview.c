/* galleryview: the seed gallery in the map window (key v). A grid of
 * thumbnails of the next seeds for the current generator and parameters,
 * each with its key figures (render/gallery.h). The thumbnails are made on a
 * thread of their own, one seed after another, at the size they are shown
 * (half blocks, or the terminal's pixels when it shows real images), and
 * the thread is cancelled when the gallery is left, paged or resized.
 * Arrows (or h j k l) choose, Enter opens the seed, PgDn / space the next
 * page, PgUp the previous one, Esc, q or v leave. */
#include "config.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "core/generators.h"
#include "core/pipeline.h"
#include "render/gallery.h"
#include "tui/colorquant.h"
#include "tui/tui_state.h"

#define TILE_COLS 22     /* cells per tile across, with a gap of 2 */
#define TILE_ROWS 9      /* cells per tile down: image, two label lines, a gap */
#define TILE_IMG_ROWS 6

struct slot {
    int ready;
    struct gallery_figures f;
};

struct galleryview {
    uint64_t first;          /* seed of the first tile */
    int cols, rows, n;       /* grid */
    int sel;
    int tw, th;              /* thumbnail pixels */
    int gfx;                 /* thumbnails at the terminal's pixel size */
    struct params params;    /* the parameters the thumbnails use */
    enum gen_id gen;
    uint32_t *px;            /* n thumbnails, tw x th each */
    uint8_t *cls;
    struct slot *slots;
    pthread_t thread;
    int running;
    atomic_int cancel;
    pthread_mutex_t lock;
    int wake_fd;
    const struct dem_raster *dem;
};

static void *
run(void *arg)
{
    struct galleryview *g = arg;
    const struct generator *gen = generator_get(g->gen);
    int i;

    for (i = 0; i < g->n && !atomic_load(&g->cancel); i++) {
        struct params p = g->params;
        struct run_ctx ctx;
        struct og_error err;
        struct world *w = NULL;
        struct gallery_figures f;
        size_t off = (size_t)i * (size_t)g->tw * (size_t)g->th;
        ssize_t r;

        p.seed = g->first + (uint64_t)i;
        memset(&ctx, 0, sizeof ctx);
        ctx.params = &p;
        ctx.dem = g->dem;
        ctx.threads = 1;
        ctx.cancel = &g->cancel;
        if (gen == NULL || pipeline_run(gen, &ctx, &w, &err) != OG_OK) {
            break;
        }
        /* the pixels are written outside the lock: the main thread reads a
         * slot only once it is ready */
        if (gallery_thumb(w, g->tw, g->th, 0x000000, g->px + off, g->cls + off, &f, &err) ==
            OG_OK) {
            pthread_mutex_lock(&g->lock);
            g->slots[i].f = f;
            g->slots[i].ready = 1;
            pthread_mutex_unlock(&g->lock);
            r = write(g->wake_fd, "g", 1);
            (void)r;
        }
        world_unref(w);
    }
    return NULL;
}

static void
stop(struct galleryview *g)
{
    if (g->running) {
        atomic_store(&g->cancel, 1);
        pthread_join(g->thread, NULL);
        g->running = 0;
    }
    free(g->px);
    free(g->cls);
    free(g->slots);
    g->px = NULL;
    g->cls = NULL;
    g->slots = NULL;
}

/* (Re)start the page at g->first for the map window's current size. */
static void
start(struct tui *t)
{
    struct galleryview *g = t->gal;
    int w, h;
    size_t n;
    sigset_t old;

    stop(g);
    getmaxyx(t->mapwin, h, w);
    g->cols = w / TILE_COLS > 0 ? w / TILE_COLS : 1;
    g->rows = h / TILE_ROWS > 0 ? h / TILE_ROWS : 1;
    g->n = g->cols * g->rows;
    g->sel = g->sel < g->n ? g->sel : g->n - 1;
    g->gfx = gfx_active(t);
    g->tw = g->gfx ? (TILE_COLS - 2) * t->gfx.cell_w : TILE_COLS - 2;
    g->th = g->gfx ? TILE_IMG_ROWS * t->gfx.cell_h : 2 * TILE_IMG_ROWS;
    n = (size_t)g->n * (size_t)g->tw * (size_t)g->th;
    g->px = calloc(n, sizeof *g->px);
    g->cls = calloc(n, 1);
    g->slots = calloc((size_t)g->n, sizeof *g->slots);
    if (g->px == NULL || g->cls == NULL || g->slots == NULL) {
        stop(g);
        tui_message(t, 1, "gallery: out of memory");
        return;
    }
    g->params = t->params;
    g->gen = t->gen;
    g->dem = t->dem;
    g->wake_fd = t->wake_fd[1];
    atomic_store(&g->cancel, 0);
    tui_block_ui_signals(&old);
    g->running = pthread_create(&g->thread, NULL, run, g) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (!g->running) {
        tui_message(t, 1, "gallery: cannot start a thread");
    }
    t->map_dirty = t->chrome_dirty = 1;
}

void
galleryview_open(struct tui *t)
{
    if (t->mapwin == NULL) {
        return;
    }
    if (t->gal == NULL) {
        t->gal = calloc(1, sizeof *t->gal);
        if (t->gal == NULL) {
            tui_message(t, 1, "gallery: out of memory");
            return;
        }
        pthread_mutex_init(&t->gal->lock, NULL);
    }
    t->gal->first = t->params.seed + 1;
    t->gal->sel = 0;
    t->gallery = 1;
    start(t);
    tui_message(t, 0, "gallery: Enter opens, arrows choose, PgDn/PgUp page, Esc leaves (seeds "
                "%llu..)", (unsigned long long)t->gal->first);
}

void
galleryview_close(struct tui *t)
{
    if (t->gal != NULL) {
        stop(t->gal);
    }
    t->gallery = 0;
    t->map_stale = t->map_dirty = t->chrome_dirty = 1;
}

void
galleryview_free(struct tui *t)
{
    if (t->gal != NULL) {
        stop(t->gal);
        pthread_mutex_destroy(&t->gal->lock);
        free(t->gal);
        t->gal = NULL;
    }
}

void
galleryview_relayout(struct tui *t)
{
    if (t->gallery && t->mapwin != NULL) {
        start(t);
    }
}

void
galleryview_poll(struct tui *t)
{
    /* the wake byte means a slot is ready: just redraw */
    if (t->gallery) {
        t->map_dirty = 1;
    }
}

static int
ready(struct galleryview *g, int i, struct gallery_figures *f)
{
    int r;
    memset(f, 0, sizeof *f);
    pthread_mutex_lock(&g->lock);
    r = g->slots[i].ready;
    if (r) {
        *f = g->slots[i].f;
    }
    pthread_mutex_unlock(&g->lock);
    return r;
}

/* Label lines of tile i, short enough for the tile. */
static void
label(const struct galleryview *g, int i, const struct gallery_figures *f, int r, char l[2][32])
{
    snprintf(l[0], 32, "%llu  land %.0f%%", (unsigned long long)(g->first + (uint64_t)i),
             100.0 * f->land);
    if (!r) {
        snprintf(l[1], 32, "...");
    } else if (f->rivers >= 0) {
        snprintf(l[1], 32, "R%ld M%ld mtn %.0f%%", f->rivers, f->landmasses, 100.0 * f->mountain);
    } else {
        snprintf(l[1], 32, "M%ld mtn %.0f%%", f->landmasses, 100.0 * f->mountain);
    }
}

static void
draw_images(struct tui *t)
{
    struct galleryview *g = t->gal;
    int pw, ph, i, x, y, cw = t->gfx.cell_w, ch = t->gfx.cell_h;
    uint32_t *px = gfx_canvas(t, &pw, &ph);

    if (px == NULL) {
        return;
    }
    for (i = 0; i < g->n; i++) {
        int x0 = (i % g->cols) * TILE_COLS * cw + cw, y0 = (i / g->cols) * TILE_ROWS * ch;
        struct gallery_figures f;
        int r = ready(g, i, &f);
        char l[2][32];
        uint32_t *src = g->px + (size_t)i * (size_t)g->tw * (size_t)g->th;

        for (y = 0; y < g->th && y0 + y < ph; y++) {
            for (x = 0; x < g->tw && x0 + x < pw; x++) {
                px[(size_t)(y0 + y) * pw + x0 + x] = r ? src[(size_t)y * g->tw + x] : 0x202020;
            }
        }
        if (i == g->sel) {
            /* a white frame two pixels outside the thumbnail */
            for (x = x0 - 3; x < x0 + g->tw + 3; x++) {
                for (y = 0; y < 2; y++) {
                    int ya = y0 + g->th + 1 + y, xa = x;
                    if (xa >= 0 && xa < pw && ya < ph) {
                        px[(size_t)ya * pw + xa] = 0xffffff;
                    }
                    ya = y0 - 3 + y;
                    if (xa >= 0 && xa < pw && ya >= 0 && ya < ph) {
                        px[(size_t)ya * pw + xa] = 0xffffff;
                    }
                }
            }
            for (y = y0 - 3; y < y0 + g->th + 3; y++) {
                for (x = 0; x < 2; x++) {
                    if (y >= 0 && y < ph && x0 - 3 + x >= 0) {
                        px[(size_t)y * pw + x0 - 3 + x] = 0xffffff;
                    }
                    if (y >= 0 && y < ph && x0 + g->tw + 1 + x < pw) {
                        px[(size_t)y * pw + x0 + g->tw + 1 + x] = 0xffffff;
                    }
                }
            }
        }
        /* labels in the picture: cells drawn by curses would lie under the
         * image */
        label(g, i, &f, r, l);
        gallery_text(px, pw, ph, x0, y0 + g->th + ch / 2, l[0], 0xffffff);
        gallery_text(px, pw, ph, x0, y0 + g->th + ch / 2 + GALLERY_FONT_H + 2, l[1], 0xc0c0c0);
    }
    gfx_commit(t);
}

void
galleryview_draw(struct tui *t)
{
    struct galleryview *g = t->gal;
    WINDOW *win = t->mapwin;
    int i, x, y;

    if (win == NULL || g == NULL) {
        return;
    }
    t->map_dirty = 0;
    werase(win);
    if (g->px == NULL) {
        wnoutrefresh(win);
        return;
    }
    if (g->gfx && gfx_active(t)) {
        draw_images(t);
        wnoutrefresh(win);
        return;
    }
    for (i = 0; i < g->n; i++) {
        int cx = (i % g->cols) * TILE_COLS + 1, cy = (i / g->cols) * TILE_ROWS;
        struct gallery_figures f;
        int r = ready(g, i, &f);
        char l[2][32];
        size_t off = (size_t)i * (size_t)g->tw * (size_t)g->th;

        for (y = 0; y < TILE_IMG_ROWS && r; y++) {
            for (x = 0; x < g->tw; x++) {
                size_t a = off + (size_t)(2 * y) * g->tw + x, b = a + g->tw;
                attr_t attr = A_NORMAL;
                int fg, bg;
                if (colors_halfblocks(t)) {
                    fg = colors_number(t, g->px[a], g->cls[a], 0, 0, 0, &attr);
                    bg = colors_number(t, g->px[b], g->cls[b], 0, 0, 0, NULL);
                    colors_put_cell(win, cy + y, cx + x, L'\u2580', attr, colors_pair(t, fg, bg));
                } else {
                    int pair = 0;
                    if (t->col.mode != TUI_COLOR_NONE) {
                        fg = colors_number(t, g->px[a], g->cls[a], 0, 0, 0, &attr);
                        pair = colors_pair(t, fg, -1);
                    }
                    colors_put_cell(win, cy + y, cx + x,
                                    (wchar_t)(unsigned char)mapimg_class_glyph(
                                        (enum map_class)g->cls[a]),
                                    attr, pair);
                }
            }
        }
        label(g, i, &f, r, l);
        if (i == g->sel) {
            wattron(win, A_REVERSE);
        }
        mvwaddnstr(win, cy + TILE_IMG_ROWS, cx, l[0], TILE_COLS - 2);
        wattroff(win, A_REVERSE);
        mvwaddnstr(win, cy + TILE_IMG_ROWS + 1, cx, l[1], TILE_COLS - 2);
    }
    wnoutrefresh(win);
}

int
galleryview_key(struct tui *t, int ch)
{
    struct galleryview *g = t->gal;
    int sel;

    if (!t->gallery || g == NULL) {
        return 0;
    }
    sel = g->sel;
    switch (ch) {
    case KEY_LEFT: case 'h': sel--; break;
    case KEY_RIGHT: case 'l': sel++; break;
    case KEY_UP: case 'k': sel -= g->cols; break;
    case KEY_DOWN: case 'j': sel += g->cols; break;
    case KEY_NPAGE: case ' ':
        g->first += (uint64_t)g->n;
        start(t);
        tui_message(t, 0, "gallery: seeds %llu..%llu", (unsigned long long)g->first,
                    (unsigned long long)(g->first + (uint64_t)g->n - 1));
        return 1;
    case KEY_PPAGE:
        g->first = g->first > (uint64_t)g->n ? g->first - (uint64_t)g->n : 0;
        start(t);
        tui_message(t, 0, "gallery: seeds %llu..%llu", (unsigned long long)g->first,
                    (unsigned long long)(g->first + (uint64_t)g->n - 1));
        return 1;
    case '\r': case '\n': case KEY_ENTER:
        t->params.seed = g->first + (uint64_t)g->sel;
        t->params.v[P_SEED] = (double)t->params.seed;
        t->pe.cur.seed = t->params.seed;
        t->pe.cur.v[P_SEED] = t->params.v[P_SEED];
        galleryview_close(t);
        tui_regen_now(t);
        tui_message(t, 0, "seed %llu", (unsigned long long)t->params.seed);
        return 1;
    case 27: case 'q': case 'v':
        galleryview_close(t);
        tui_message(t, 0, "gallery closed");
        return 1;
    default:
        return 1;   /* the gallery owns the keys while it is open */
    }
    g->sel = sel < 0 ? 0 : sel >= g->n ? g->n - 1 : sel;
    t->map_dirty = 1;
    return 1;
}
