/* stats_json: a world's figures as JSON (keys: doc/stats.md): the recipe,
 * the world's size, land and elevation range, stage timings, the world
 * report and each generator's own figures. */
#ifndef OROGEN_IO_STATS_JSON_H
#define OROGEN_IO_STATS_JSON_H

#include "core/base/og_error.h"
#include "core/world.h"

/* The stats JSON of a world into a malloc'd string. Keys: doc/stats.md. */
enum og_status export_stats_json(const struct world *w, char **out, struct og_error *err);

/* Write the stats JSON to path ("-" for standard output). */
enum og_status export_stats_file(const struct world *w, const char *path, struct og_error *err);

#endif
