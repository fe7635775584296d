#include "config.h"
#include "core/base/sha256.h"
#include "core/base/infile.h"

#include <errno.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct og_sha256 {
    struct sha256_ctx ctx;
};

struct og_sha256 *
og_sha256_new(void)
{
    struct og_sha256 *h = malloc(sizeof *h);
    if (h != NULL) {
        sha256_init(&h->ctx);
    }
    return h;
}

void
og_sha256_update(struct og_sha256 *h, const void *data, size_t len)
{
    sha256_update(&h->ctx, len, data);
}

void
og_sha256_finish(struct og_sha256 *h, char hex[OG_SHA256_HEX])
{
    static const char digits[] = "0123456789abcdef";
    uint8_t d[SHA256_DIGEST_SIZE];
    int i;

    sha256_digest(&h->ctx, sizeof d, d);
    for (i = 0; i < SHA256_DIGEST_SIZE; i++) {
        hex[2 * i] = digits[d[i] >> 4];
        hex[2 * i + 1] = digits[d[i] & 15];
    }
    hex[2 * SHA256_DIGEST_SIZE] = '\0';
    free(h);
}

void
og_sha256_hex(const void *data, size_t len, char hex[OG_SHA256_HEX])
{
    struct og_sha256 h;
    static const char digits[] = "0123456789abcdef";
    uint8_t d[SHA256_DIGEST_SIZE];
    int i;

    sha256_init(&h.ctx);
    sha256_update(&h.ctx, len, data);
    sha256_digest(&h.ctx, sizeof d, d);
    for (i = 0; i < SHA256_DIGEST_SIZE; i++) {
        hex[2 * i] = digits[d[i] >> 4];
        hex[2 * i + 1] = digits[d[i] & 15];
    }
    hex[2 * SHA256_DIGEST_SIZE] = '\0';
}

enum og_status
og_sha256_file(const char *path, char hex[OG_SHA256_HEX], long long *size, struct og_error *err)
{
    FILE *f = NULL;
    struct og_sha256 *h;
    unsigned char buf[65536];
    long long total = 0;
    size_t n;

    enum og_status st = infile_fopen(path, &f, NULL, err);  /* never a FIFO */

    if (st != OG_OK) {
        return st;
    }
    h = og_sha256_new();
    if (h == NULL) {
        fclose(f);
        return og_error_set(err, OG_ENOMEM, "out of memory hashing %s", path);
    }
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        og_sha256_update(h, buf, n);
        total += (long long)n;
    }
    if (ferror(f)) {
        int e = errno;
        fclose(f);
        og_sha256_finish(h, hex);
        return og_error_set(err, OG_EIO, "cannot read %s: %s", path, strerror(e));
    }
    fclose(f);
    og_sha256_finish(h, hex);
    if (size != NULL) {
        *size = total;
    }
    return OG_OK;
}
