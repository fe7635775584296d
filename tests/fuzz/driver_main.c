/* A main() for the fuzz targets without libFuzzer: runs every file named
 * on the command line (folders: every file in them), or standard input
 * when none is named. Used to build the targets with AFL++
 * (afl-clang-fast ... driver_main.c; afl-fuzz -- ./fuzz_dem @@) and to
 * replay a corpus with any compiler. */
#include "config.h"
#include "fuzz.h"

#include <dirent.h>
#include <string.h>
#include <sys/stat.h>

static int
run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0, n;

    if (f == NULL) {
        perror(path);
        return 1;
    }
    do {
        if (len + 65536 > cap) {
            cap = cap ? cap * 2 : 65536;
            buf = realloc(buf, cap);
            fuzz_assert(buf != NULL);
        }
        n = fread(buf + len, 1, cap - len, f);
        len += n;
    } while (n > 0);
    fclose(f);
    LLVMFuzzerTestOneInput(buf, len);
    free(buf);
    return 0;
}

int
main(int argc, char **argv)
{
    int i, runs = 0;

    if (argc < 2) {
        return run_file("/dev/stdin");
    }
    for (i = 1; i < argc; i++) {
        struct stat sb;
        if (stat(argv[i], &sb) == 0 && S_ISDIR(sb.st_mode)) {
            DIR *d = opendir(argv[i]);
            struct dirent *de;
            char p[4096];
            while (d != NULL && (de = readdir(d)) != NULL) {
                if (de->d_name[0] == '.') {
                    continue;
                }
                snprintf(p, sizeof p, "%s/%s", argv[i], de->d_name);
                runs += run_file(p) == 0;
            }
            if (d != NULL) {
                closedir(d);
            }
        } else {
            runs += run_file(argv[i]) == 0;
        }
    }
    fprintf(stderr, "%d inputs run\n", runs);
    return 0;
}
