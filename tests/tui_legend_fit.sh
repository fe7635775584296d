#!/bin/sh
# tui_legend_fit.sh: the side legend's names at 80x24 are whole words or
# abbreviations (issue 29: "Kafeshwesh rive", "water (sea, lak" and
# "landmass 9 (id" were cut mid-word). For the island, hybrid and planet
# generators, every layer's legend is captured at 200x60 (nothing cut) and
# at 80x24; each word of an entry at 80x24 must be a word of the wide
# legend or an abbreviation (ending in '.'). Exit 77 without tmux.
set -u
. "$(dirname "$0")/tui_lib.sh"

# words NAME: the words of the legend entries on NAME's screen (the text
# before each "NN%" share), one a line
words() {
    screen "$1" | grep -o "[A-Za-z][A-Za-z0-9.,:()' -]* \(<1\|[0-9][0-9]*\)%" |
        sed 's/ *\(<1\|[0-9][0-9]*\)%$//' | tr ' ,()' '\n\n\n\n' | grep -v '^$'
}
# layers NAME FILE: every layer's legend words into FILE (a cycles layers)
layers() {
    : >"$2"
    for _k in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
        sleep 0.4
        words "$1" >>"$2"
        keys "$1" a
    done
}

for gen in island hybrid planet; do
    start "w$gen" 200 60 xterm-256color C.UTF-8 -g $gen --seed 1
    start "n$gen" 80 24 xterm-256color C.UTF-8 -g $gen --seed 1
    wait_for "w$gen" "ready in" 60 && wait_for "n$gen" "ready in" 60
    check $? "$gen: ready at 200x60 and 80x24" "$tmp/last-screen.txt"
    keys "w$gen" L
    keys "n$gen" L
    layers "w$gen" "$tmp/$gen.wide"
    layers "n$gen" "$tmp/$gen.narrow"
    sort -u "$tmp/$gen.wide" >"$tmp/$gen.ref"
    n=$(sort -u "$tmp/$gen.narrow" | wc -l)
    cut=$(sort -u "$tmp/$gen.narrow" | grep -v '\.$' | grep -vxF -f "$tmp/$gen.ref" | tr '\n' ' ')
    [ "$n" -gt 5 ] && [ -z "$cut" ]
    check $? "$gen: the 80x24 legend's $n words are whole or abbreviated${cut:+ (cut: $cut)}"
    T kill-session -t "w$gen"
    T kill-session -t "n$gen"
done
finish
