/* planet_landdiff: the share of the globe whose land/sea class differs
 * between two equirectangular landmass maps of one planet (`orogen export
 * -g planet --map F.png --layer landmass --size WxH`, nearest vertex per
 * pixel; the ocean is exactly #1c3060, no landmass colour is). Each pixel
 * row is weighted by the cosine of its latitude, so the figure is a share
 * of the sphere's area, not of the map. tests/planet_sweep.sh runs it on
 * 10k against 500k points.
 *   planet_landdiff A.png B.png [DIFF.png]
 * prints "DIFF LAND_A LAND_B" in percent of the globe; DIFF.png (optional)
 * shows land in both grey, land only in A red, only in B blue. */
#include "config.h"

#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *
load(const char *path, unsigned *w, unsigned *h)
{
    png_image im;
    unsigned char *buf;

    memset(&im, 0, sizeof im);
    im.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&im, path)) {
        fprintf(stderr, "planet_landdiff: %s: %s\n", path, im.message);
        return NULL;
    }
    im.format = PNG_FORMAT_RGB;
    buf = malloc(PNG_IMAGE_SIZE(im));
    if (buf == NULL || !png_image_finish_read(&im, NULL, buf, 0, NULL)) {
        fprintf(stderr, "planet_landdiff: %s: %s\n", path, buf ? im.message : "out of memory");
        free(buf);
        png_image_free(&im);
        return NULL;
    }
    *w = im.width;
    *h = im.height;
    return buf;
}

static int
is_land(const unsigned char *p)
{
    return !(p[0] == 0x1c && p[1] == 0x30 && p[2] == 0x60);
}

int
main(int argc, char **argv)
{
    unsigned wa, ha, wb, hb, x, y;
    unsigned char *a, *b;
    double all = 0.0, differ = 0.0, la = 0.0, lb = 0.0;

    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: planet_landdiff A.png B.png [DIFF.png]\n");
        return 2;
    }
    if ((a = load(argv[1], &wa, &ha)) == NULL || (b = load(argv[2], &wb, &hb)) == NULL) {
        return 2;
    }
    if (wa != wb || ha != hb) {
        fprintf(stderr, "planet_landdiff: %ux%u against %ux%u\n", wa, ha, wb, hb);
        return 2;
    }
    for (y = 0; y < ha; y++) {
        double wt = cos(M_PI * (0.5 - (y + 0.5) / ha));
        for (x = 0; x < wa; x++) {
            size_t o = 3 * ((size_t)y * wa + x);
            int ka = is_land(&a[o]), kb = is_land(&b[o]);
            all += wt;
            differ += ka != kb ? wt : 0.0;
            la += ka ? wt : 0.0;
            lb += kb ? wt : 0.0;
            /* the picture overwrites A: grey both, red A only, blue B only */
            a[o] = ka && kb ? 0x90 : ka ? 0xe0 : kb ? 0x20 : 0x10;
            a[o + 1] = ka && kb ? 0x90 : ka || kb ? 0x30 : 0x18;
            a[o + 2] = ka && kb ? 0x90 : ka ? 0x30 : kb ? 0xe0 : 0x30;
        }
    }
    if (argc == 4) {
        png_image im;
        memset(&im, 0, sizeof im);
        im.version = PNG_IMAGE_VERSION;
        im.width = wa;
        im.height = ha;
        im.format = PNG_FORMAT_RGB;
        if (!png_image_write_to_file(&im, argv[3], 0, a, 0, NULL)) {
            fprintf(stderr, "planet_landdiff: %s: %s\n", argv[3], im.message);
            return 2;
        }
    }
    printf("%.2f %.2f %.2f\n", 100.0 * differ / all, 100.0 * la / all, 100.0 * lb / all);
    free(a);
    free(b);
    return 0;
}
