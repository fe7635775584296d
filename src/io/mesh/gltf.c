/* gltf: glTF 2.0 binary writer (see gltf.h). */
#include "config.h"
#include "io/mesh/gltf.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "io/export.h"
#include "io/jsonw.h"
#include "io/outfile.h"

#define GLB_MAGIC 0x46546C67u  /* "glTF" */
#define CHUNK_JSON 0x4E4F534Au
#define CHUNK_BIN 0x004E4942u

static void
put_u32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

/* Little-endian floats/ints: the host order on every supported target is
 * checked once; a big-endian host swaps. */
static int
host_is_le(void)
{
    const uint16_t one = 1;
    return *(const unsigned char *)&one == 1;
}

static int
write_le32(FILE *f, const void *data, size_t count)
{
    const unsigned char *p = data;
    size_t i;
    if (host_is_le()) {
        return fwrite(data, 4, count, f) == count ? 0 : -1;
    }
    for (i = 0; i < count; i++) {
        unsigned char b[4] = { p[4 * i + 3], p[4 * i + 2], p[4 * i + 1], p[4 * i] };
        if (fwrite(b, 1, 4, f) != 4) {
            return -1;
        }
    }
    return 0;
}

static void
vec3(struct jsonw *j, const float *v)
{
    jsonw_printf(j, "[");
    jsonw_number(j, v[0]);
    jsonw_printf(j, ",");
    jsonw_number(j, v[1]);
    jsonw_printf(j, ",");
    jsonw_number(j, v[2]);
    jsonw_printf(j, "]");
}

/* The recipe as asset.extras.orogen: the PNG recipe's key/values. */
static enum og_status
recipe_extras(struct jsonw *j, const struct world *w, const struct terrain_mesh *m,
              struct og_error *err)
{
    struct pngio_text *text = NULL;
    size_t n = 0, i;
    void *block = NULL;
    enum og_status st = export_recipe(w, NULL, &text, &n, &block, err);
    if (st != OG_OK) {
        return st;
    }
    jsonw_printf(j, "\"extras\":{\"orogen\":{");
    for (i = 0; i < n; i++) {
        jsonw_string(j, text[i].key);
        jsonw_printf(j, ":");
        jsonw_string(j, text[i].value);
        jsonw_printf(j, ",");
    }
    free(block);
    jsonw_printf(j, "\"units\":\"%s\",\"vertical_scale\":", m->metres ? "m" : "model");
    jsonw_number(j, m->vscale);
    jsonw_printf(j, ",\"vertical_offset\":");
    jsonw_number(j, m->voffset);
    jsonw_printf(j, ",\"shape\":\"%s\"}}", w->kind == WORLD_SPHERE ? "sphere" : "heightfield");
    return OG_OK;
}

enum og_status
export_gltf(const struct world *w, const struct terrain_mesh *m, const char *path,
            struct og_error *err)
{
    size_t vb = m->nverts * 12, ib = m->ntris * 12, bin = 3 * vb + ib;
    struct jsonw j = { 0 };
    struct outfile of;
    unsigned char head[20];
    static const unsigned char zeros[4] = { 0, 0, 0, 0 };
    size_t jlen, jpad, binpad, total;
    enum og_status st;

    if (bin > 0xFFFFFFF0u - 4096) {
        return og_error_set(err, OG_ERANGE, "mesh of %zu vertices too large for a GLB file",
                            m->nverts);
    }
    jsonw_printf(&j, "{\"asset\":{\"version\":\"2.0\",\"generator\":\"orogen %s\",",
                 PACKAGE_VERSION);
    st = recipe_extras(&j, w, m, err);
    if (st != OG_OK) {
        free(j.s);
        return st;
    }
    jsonw_printf(&j, "},\"scene\":0,\"scenes\":[{\"nodes\":[0]}],"
                     "\"nodes\":[{\"mesh\":0,\"name\":\"%s\"}],",
                 w->kind == WORLD_SPHERE ? "planet" : "terrain");
    jsonw_printf(&j, "\"materials\":[{\"name\":\"vertex colours\",\"pbrMetallicRoughness\":"
                     "{\"baseColorFactor\":[1,1,1,1],\"metallicFactor\":0,"
                     "\"roughnessFactor\":1}}],");
    jsonw_printf(&j, "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,"
                     "\"NORMAL\":1,\"COLOR_0\":2},\"indices\":3,\"material\":0,\"mode\":4}]}],");
    jsonw_printf(&j, "\"buffers\":[{\"byteLength\":%zu}],", bin);
    jsonw_printf(&j, "\"bufferViews\":["
                     "{\"buffer\":0,\"byteOffset\":0,\"byteLength\":%zu,\"target\":34962},"
                     "{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":%zu,\"target\":34962},"
                     "{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":%zu,\"target\":34962},"
                     "{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":%zu,\"target\":34963}],",
                 vb, vb, vb, 2 * vb, vb, 3 * vb, ib);
    jsonw_printf(&j, "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":%zu,"
                     "\"type\":\"VEC3\",\"min\":", m->nverts);
    vec3(&j, m->min);
    jsonw_printf(&j, ",\"max\":");
    vec3(&j, m->max);
    jsonw_printf(&j, "},{\"bufferView\":1,\"componentType\":5126,\"count\":%zu,"
                     "\"type\":\"VEC3\"},", m->nverts);
    jsonw_printf(&j, "{\"bufferView\":2,\"componentType\":5126,\"count\":%zu,"
                     "\"type\":\"VEC3\"},", m->nverts);
    jsonw_printf(&j, "{\"bufferView\":3,\"componentType\":5125,\"count\":%zu,"
                     "\"type\":\"SCALAR\"}]}", m->ntris * 3);
    if (j.failed) {
        free(j.s);
        return og_error_set(err, OG_ENOMEM, "out of memory for the glTF JSON");
    }
    jlen = j.len;
    jpad = (4 - jlen % 4) % 4;
    binpad = (4 - bin % 4) % 4;
    total = 12 + 8 + jlen + jpad + 8 + bin + binpad;

    st = outfile_open(&of, path, err);
    if (st != OG_OK) {
        free(j.s);
        return st;
    }
    put_u32(head, GLB_MAGIC);
    put_u32(head + 4, 2);
    put_u32(head + 8, (uint32_t)total);
    put_u32(head + 12, (uint32_t)(jlen + jpad));
    put_u32(head + 16, CHUNK_JSON);
    int bad = fwrite(head, 1, 20, of.fp) != 20 || fwrite(j.s, 1, jlen, of.fp) != jlen ||
              fwrite("   ", 1, jpad, of.fp) != jpad;
    free(j.s);
    put_u32(head, (uint32_t)(bin + binpad));
    put_u32(head + 4, CHUNK_BIN);
    bad = bad || fwrite(head, 1, 8, of.fp) != 8 ||
          write_le32(of.fp, m->pos, m->nverts * 3) != 0 ||
          write_le32(of.fp, m->nrm, m->nverts * 3) != 0 ||
          write_le32(of.fp, m->col, m->nverts * 3) != 0 ||
          write_le32(of.fp, m->idx, m->ntris * 3) != 0 ||
          fwrite(zeros, 1, binpad, of.fp) != binpad;
    if (bad) {
        st = og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
        outfile_abort(&of);
        return st;
    }
    return outfile_commit(&of, err);
}
