#include "config.h"
#include "core/planet/koppen.h"

static const struct {
    const char *code;
    uint32_t rgb;
} classes[KG_COUNT] = {
    [KG_SEA] = { "sea", 0x1c3060u },
    [KG_AF] = { "Af", 0x0000ffu },  [KG_AM] = { "Am", 0x0078ffu },
    [KG_AW] = { "Aw", 0x46aafau },  [KG_BWH] = { "BWh", 0xff0000u },
    [KG_BWK] = { "BWk", 0xff9696u }, [KG_BSH] = { "BSh", 0xf5a500u },
    [KG_BSK] = { "BSk", 0xffdc64u }, [KG_CS] = { "Cs", 0xffff00u },
    [KG_CW] = { "Cw", 0x96ff96u },  [KG_CFA] = { "Cfa", 0xc8ff50u },
    [KG_CFB] = { "Cfb", 0x66ff33u }, [KG_CFC] = { "Cfc", 0x32c800u },
    [KG_DS] = { "Ds", 0xff00ffu },  [KG_DW] = { "Dw", 0xaaafffu },
    [KG_DFA] = { "Dfa", 0x00ffffu }, [KG_DFB] = { "Dfb", 0x37c8ffu },
    [KG_DFC] = { "Dfc", 0x007d7du }, [KG_DFD] = { "Dfd", 0x00465fu },
    [KG_ET] = { "ET", 0xb2b2b2u },  [KG_EF] = { "EF", 0x686868u },
};

enum koppen
koppen_classify(double t_summer, double t_winter, double p_summer, double p_winter)
{
    double mat = 0.5 * (t_summer + t_winter);
    double hot = mat + 1.5708 * (t_summer - mat), cold = mat - 1.5708 * (t_summer - mat);
    double p = 0.5 * (p_summer + p_winter), share = p > 0.0 ? 0.5 * p_summer / p : 0.5;
    double dry_s = 0.6 * p_summer / 12.0, dry_w = 0.6 * p_winter / 12.0;
    double wet_s = 1.4 * p_summer / 12.0, wet_w = 1.4 * p_winter / 12.0;
    double pth = 2.0 * mat + (share >= 0.7 ? 28.0 : share <= 0.3 ? 0.0 : 14.0);
    int s, w, cd;

    if (hot < 10.0) {
        return hot > 0.0 ? KG_ET : KG_EF;
    }
    if (pth > 0.0 && p < 10.0 * pth) {
        if (p < 5.0 * pth) {
            return mat >= 18.0 ? KG_BWH : KG_BWK;
        }
        return mat >= 18.0 ? KG_BSH : KG_BSK;
    }
    if (cold >= 18.0) {
        double dry = dry_s < dry_w ? dry_s : dry_w;
        return dry >= 60.0 ? KG_AF : dry >= 100.0 - p / 25.0 ? KG_AM : KG_AW;
    }
    s = dry_s < 40.0 && dry_s < wet_w / 3.0;
    w = !s && dry_w < wet_s / 10.0;
    cd = cold > 0.0;
    if (s) {
        return cd ? KG_CS : KG_DS;
    }
    if (w) {
        return cd ? KG_CW : KG_DW;
    }
    if (cd) {
        return hot >= 22.0 ? KG_CFA : hot >= 14.0 ? KG_CFB : KG_CFC;
    }
    if (cold < -38.0) {
        return KG_DFD;
    }
    return hot >= 22.0 ? KG_DFA : hot >= 14.0 ? KG_DFB : KG_DFC;
}

const char *
koppen_code(int k)
{
    return k >= 0 && k < KG_COUNT ? classes[k].code : "?";
}

const char *
koppen_group(int k)
{
    static const char *const g[] = { "tropical", "arid", "temperate", "cold", "polar" };
    if (k <= KG_SEA || k >= KG_COUNT) {
        return k == KG_SEA ? "sea" : "?";
    }
    return g[classes[k].code[0] == 'A' ? 0 : classes[k].code[0] == 'B' ? 1
             : classes[k].code[0] == 'C' ? 2 : classes[k].code[0] == 'D' ? 3 : 4];
}

uint32_t
koppen_color(int k)
{
    return k >= 0 && k < KG_COUNT ? classes[k].rgb : 0u;
}
