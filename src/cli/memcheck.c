/* memcheck: the memory a run needs, before any work (see memcheck.h). */
#include "config.h"
#include "cli/memcheck.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "core/recipe/params.h"
#include "io/dem/dem_load.h"

/* Peak bytes per unit, measured (memcheck.h). */
#define MEM_BASE        (16.0 * 1048576.0)
#define MEM_ISLAND_CELL 190.0
#define MEM_HYBRID_CELL 56.0
#define MEM_PLANET_PT   184.0
#define MEM_DEM_CELL    38.0
#define MEM_ISO_SUBPX   8.0
#define MEM_GLOBE_PX    8.0

int
memcheck_parse(const char *s, uint64_t *bytes)
{
    char *end;
    double v, f = 1.0;

    if (s == NULL || s[0] < '0' || s[0] > '9') {
        return -1;
    }
    v = strtod(s, &end);
    switch (*end) {
    case 'k': case 'K': f = 1024.0; end++; break;
    case 'm': case 'M': f = 1048576.0; end++; break;
    case 'g': case 'G': f = 1073741824.0; end++; break;
    case 't': case 'T': f = 1099511627776.0; end++; break;
    default: break;
    }
    if ((*end == 'B' || *end == 'b') && f > 1.0) {
        end++;
    }
    if (*end != '\0' || !(v * f >= 1.0) || v * f > 1.8e19) {
        return -1;
    }
    *bytes = (uint64_t)(v * f);
    return 0;
}

/* A kB field of a /proc file ("MemAvailable:", "VmSize:"), -1 if absent. */
static double
proc_kb(const char *file, const char *key)
{
    char line[256];
    double v = -1.0;
    size_t n = strlen(key);
    FILE *f = fopen(file, "r");

    if (f == NULL) {
        return -1.0;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, key, n) == 0) {
            v = strtod(line + n, NULL) * 1024.0;
            break;
        }
    }
    fclose(f);
    return v;
}

/* A number in a one-line file, -1 if absent or "max". */
static double
file_number(const char *path)
{
    char buf[64], *end;
    double v;
    FILE *f = fopen(path, "r");

    if (f == NULL) {
        return -1.0;
    }
    if (fgets(buf, sizeof buf, f) == NULL) {
        buf[0] = '\0';
    }
    fclose(f);
    v = strtod(buf, &end);
    return end != buf ? v : -1.0;
}

/* The cgroup v2 limit left to this process, -1 when none. */
static double
cgroup_left(void)
{
    char line[512], path[640];
    double max = -1.0, cur;
    FILE *f = fopen("/proc/self/cgroup", "r");

    if (f != NULL) {
        while (fgets(line, sizeof line, f) != NULL) {
            if (strncmp(line, "0::", 3) == 0) {
                line[strcspn(line, "\n")] = '\0';
                snprintf(path, sizeof path, "/sys/fs/cgroup%s/memory.max", line + 3);
                max = file_number(path);
                if (max >= 0.0) {
                    snprintf(path, sizeof path, "/sys/fs/cgroup%s/memory.current", line + 3);
                    cur = file_number(path);
                    max -= cur > 0.0 ? cur : 0.0;
                }
                break;
            }
        }
        fclose(f);
    }
    return max;
}

/* The memory available and what limits it. */
static double
available(uint64_t max_memory, const char **why)
{
    double best = -1.0, v;
    struct rlimit rl;
    const char *meminfo;

    *why = NULL;
    /* OROGEN_TEST_MEMINFO names a file read in place of /proc/meminfo:
       a test hook (tests/faults.sh I9) so that the refusal against the
       machine's available memory is tested on any machine; the same
       parse and comparison run as with the real file */
    meminfo = getenv("OROGEN_TEST_MEMINFO");
    if (meminfo == NULL || meminfo[0] == '\0') {
        meminfo = "/proc/meminfo";
    }
    if ((v = proc_kb(meminfo, "MemAvailable:")) >= 0.0) {
        best = v;
        *why = "MemAvailable";
    }
    if ((v = cgroup_left()) >= 0.0 && (best < 0.0 || v < best)) {
        best = v;
        *why = "the cgroup's memory.max";
    }
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
        double vm = proc_kb("/proc/self/status", "VmSize:");
        v = (double)rl.rlim_cur - (vm > 0.0 ? vm : 0.0);
        if (best < 0.0 || v < best) {
            best = v;
            *why = "ulimit -v";
        }
    }
    if (max_memory > 0 && (best < 0.0 || (double)max_memory < best)) {
        best = (double)max_memory;
        *why = "--max-memory";
    }
    return best;
}

static double
gib(double b)
{
    return b / 1073741824.0;
}

/* The world's part, named in what. */
static double
world_need(const struct cli_args *a, int dem_w, int dem_h, char *what, size_t size)
{
    const struct params *p = &a->params;
    double n;

    switch (a->gen) {
    case GEN_ISLAND:
        n = params_int(p, P_ISLAND_CELLS);
        snprintf(what, size, "island of %.0f cells", n);
        return n * MEM_ISLAND_CELL;
    case GEN_HYBRID:
        n = (double)params_int(p, P_HYBRID_WIDTH) * params_int(p, P_HYBRID_HEIGHT);
        snprintf(what, size, "hybrid %dx%d", params_int(p, P_HYBRID_WIDTH),
                 params_int(p, P_HYBRID_HEIGHT));
        return n * MEM_HYBRID_CELL;
    case GEN_PLANET:
        n = params_int(p, P_PLANET_POINTS);
        snprintf(what, size, "planet of %.0f points", n);
        return n * MEM_PLANET_PT;
    case GEN_DEM:
        snprintf(what, size, "dem %dx%d", dem_w, dem_h);
        return (double)dem_w * dem_h * MEM_DEM_CELL;
    default:
        what[0] = '\0';
        return 0.0;
    }
}

enum og_status
memcheck_run(const struct cli_args *a, const struct output_plan *plan, struct og_error *err)
{
    char what[96], parts[256];
    const char *why;
    double need, part, have;
    size_t len;
    int dem_w = 0, dem_h = 0;

    if (a->gen == GEN_DEM) {
        dem_load_size(a->dem_path != NULL ? a->dem_path : a->recipe_dem_path, &dem_w,
                      &dem_h);
    }
    part = world_need(a, dem_w, dem_h, what, sizeof what);
    need = MEM_BASE + part;
    snprintf(parts, sizeof parts, "%s: %.1f GiB", what, gib(part));
    if (plan->path[OUT_ISO] != NULL) {
        int w = plan->iso_w > 0 ? plan->iso_w : params_int(&a->params, P_RENDER_WIDTH);
        int h = plan->iso_h > 0 ? plan->iso_h : params_int(&a->params, P_RENDER_HEIGHT);
        int aa = params_int(&a->params, P_RENDER_ANTIALIAS);
        part = (double)w * h * aa * aa * MEM_ISO_SUBPX;
        need += part;
        len = strlen(parts);
        snprintf(parts + len, sizeof parts - len, ", iso %dx%d at antialias %d: %.1f GiB", w,
                 h, aa, gib(part));
    }
    if (plan->path[OUT_GLOBE] != NULL) {
        int s = plan->globe_size > 0 ? plan->globe_size
                : plan->recipe_globe > 0 ? plan->recipe_globe : 1024;
        part = (double)s * s * MEM_GLOBE_PX;
        need += part;
        len = strlen(parts);
        snprintf(parts + len, sizeof parts - len, ", globe %dx%d: %.1f GiB", s, s, gib(part));
    }
    have = available(a->max_memory, &why);
    if (have >= 0.0 && need > have) {
        return og_error_set(err, OG_ENOMEM, "this run needs about %.1f GiB of memory (%s), "
                            "%s gives %.1f GiB", gib(need), parts, why, gib(have < 0 ? 0 : have));
    }
    return OG_OK;
}
