/* koppen: Köppen-Geiger climate classes from two seasons (issue 25), after
 * Peel, Finlayson and McMahon (2007), "Updated world map of the
 * Köppen-Geiger climate classification", with the months estimated from
 * half-year means: the warmest month is the annual mean plus pi/2 times
 * the summer half's departure from it (a sinusoid), a season's driest
 * month 0.6 and wettest month 1.4 times its monthly mean.
 *   E (polar): warmest month under 10 C; ET above 0, EF below.
 *   B (arid): annual precipitation P (mm) under 10 Pth, Pth = 2 MAT + 28
 *     with 70 % of P in summer, + 0 with 70 % in winter, else + 14; BW
 *     under 5 Pth, else BS; h with MAT >= 18 C, else k.
 *   A (tropical): coldest month >= 18 C; Af with the driest month >= 60
 *     mm, Am when it is >= 100 - P / 25, else Aw.
 *   C (temperate): coldest month above 0 C; D (cold): at or below 0.
 *     s: summer's driest month < 40 mm and < a third of winter's wettest;
 *     w: winter's driest under a tenth of summer's wettest; else f.
 *     a: warmest month >= 22 C; b: >= 14 C (standing for four months
 *     over 10 C); c: else; d (D only): coldest month < -38 C.
 * Cs and Cw, Ds and Dw keep no third letter (main subtypes only). */
#ifndef OROGEN_CORE_PLANET_KOPPEN_H
#define OROGEN_CORE_PLANET_KOPPEN_H

#include <stdint.h>

enum koppen {
    KG_SEA = 0,
    KG_AF, KG_AM, KG_AW,
    KG_BWH, KG_BWK, KG_BSH, KG_BSK,
    KG_CS, KG_CW, KG_CFA, KG_CFB, KG_CFC,
    KG_DS, KG_DW, KG_DFA, KG_DFB, KG_DFC, KG_DFD,
    KG_ET, KG_EF,
    KG_COUNT
};

/* The class of a land vertex from its summer and winter half-year mean
 * temperatures (C) and precipitation rates (mm a year) of its own
 * hemisphere's summer and winter. */
enum koppen koppen_classify(double t_summer, double t_winter, double p_summer,
                            double p_winter);

/* "Cfb", "sea"; the group letter's name ("temperate"); the class colour
 * (Peel et al.'s map palette, 0xRRGGBB). Out of range: "?", 0. */
const char *koppen_code(int k);
const char *koppen_group(int k);
uint32_t koppen_color(int k);

#endif
