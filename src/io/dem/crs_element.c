/* crs_element: the WKT of an io/georef.h <SRS> element and back (see
 * crs_scale.h).
 * Plain text work, kept apart from crs_scale.c so that a build without
 * GDAL (configure --without-gdal) still writes the CRS of a PNG DEM's
 * georeferencing into its outputs. */
#include "config.h"
#include "io/dem/crs_scale.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *
crs_element_wkt(const char *srs)
{
    const char *s = strstr(srs, "<SRS"), *b, *e;
    char *out, *o;
    static const struct { const char *ent; char c; } ents[] = {
        { "&quot;", '"' }, { "&amp;", '&' }, { "&lt;", '<' }, { "&gt;", '>' }, { "&apos;", '\'' },
    };
    if (s == NULL || (b = strchr(s, '>')) == NULL || (e = strstr(b, "</SRS>")) == NULL) {
        return NULL;
    }
    out = malloc((size_t)(e - b) + 1);
    if (out == NULL) {
        return NULL;
    }
    for (o = out, b++; b < e;) {
        size_t k;
        for (k = 0; k < sizeof ents / sizeof ents[0]; k++) {
            size_t l = strlen(ents[k].ent);
            if (strncmp(b, ents[k].ent, l) == 0) {
                *o++ = ents[k].c;
                b += l;
                break;
            }
        }
        if (k == sizeof ents / sizeof ents[0]) {
            *o++ = *b++;
        }
    }
    *o = '\0';
    return out;
}

char *
crs_element_make(const char *wkt, const char *axes)
{
    char *out = malloc(6 * strlen(wkt) + strlen(axes) + 64), *o;
    size_t i;

    if (out == NULL) {
        return NULL;
    }
    o = out + sprintf(out, "<SRS dataAxisToSRSAxisMapping=\"%s\">", axes);
    for (i = 0; wkt[i] != '\0'; i++) {
        switch (wkt[i]) {
        case '&': o += sprintf(o, "&amp;"); break;
        case '<': o += sprintf(o, "&lt;"); break;
        case '>': o += sprintf(o, "&gt;"); break;
        case '"': o += sprintf(o, "&quot;"); break;
        default: *o++ = wkt[i]; break;
        }
    }
    sprintf(o, "</SRS>");
    return out;
}
