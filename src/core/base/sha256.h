/* sha256: SHA-256 digests (FIPS 180-4) through libnettle, for recipe
 * identities (the DEM file a recipe names) and the golden tests. */
#ifndef OROGEN_CORE_BASE_SHA256_H
#define OROGEN_CORE_BASE_SHA256_H

#include <stddef.h>

#include "core/base/og_error.h"

#define OG_SHA256_HEX 65   /* 64 lowercase hex digits and the NUL */

struct og_sha256;

/* A new running digest. Returns NULL when out of memory. */
struct og_sha256 *og_sha256_new(void);

/* Add len bytes of data to the digest. */
void og_sha256_update(struct og_sha256 *h, const void *data, size_t len);

/* Write the digest of everything added as lowercase hex into hex and free h. */
void og_sha256_finish(struct og_sha256 *h, char hex[OG_SHA256_HEX]);

/* The digest of one byte range, as lowercase hex. */
void og_sha256_hex(const void *data, size_t len, char hex[OG_SHA256_HEX]);

/* The digest of a whole file, as lowercase hex, and its size in bytes
 * (size may be NULL). Errors: OG_EIO "cannot read PATH: REASON". */
enum og_status og_sha256_file(const char *path, char hex[OG_SHA256_HEX], long long *size,
                              struct og_error *err);

#endif
