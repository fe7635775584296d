#!/bin/sh
# resize_storm.sh (issue 15): random terminal sizes from 1x1 to 250x80,
# every STORM_MS (50) ms for STORM_SECONDS (30) s, in each TUI mode at once
# (one tmux session each): the map, the parameter panel, an inline edit
# of a value, the isometric view, the globe (planet), the preset list, the
# seed gallery.
# Meant for the ASan build (CI): passes when every session survives, exits
# 0 on Escape/q, and its stderr holds no sanitizer report. Exit 77
# without tmux.
set -u
command -v tmux >/dev/null 2>&1 || { echo "tmux is not installed: skipping"; exit 77; }
BIN=${OROGEN_BIN:-src/cli/orogen}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
[ -x "$BIN" ] || { echo "no orogen binary at $BIN"; exit 99; }
secs=${STORM_SECONDS:-30}
ms=${STORM_MS:-50}
sock=orogen-storm-$$
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-storm.XXXXXX") || exit 99
printf 'set -g status off\nset -g default-terminal screen\n' \
    >"$tmp/tmux.conf"
T() { tmux -L "$sock" -f "$tmp/tmux.conf" "$@"; }
cleanup() { T kill-server >/dev/null 2>&1; rm -rf "$tmp"; }
trap cleanup EXIT
trap 'exit 99' INT TERM
fails=0
ok() { echo "ok - $1"; }
bad() { fails=$((fails + 1)); echo "FAIL - $1"; }

wait_text() { # session text seconds
    _i=0
    while [ $_i -lt $(($3 * 5)) ]; do
        T capture-pane -p -t "$1" 2>/dev/null | grep -qF -- "$2" && return 0
        sleep 0.2
        _i=$((_i + 1))
    done
    return 1
}
# mode NAME GENERATOR-ARGS KEYS...: start orogen, wait for the world, send KEYS
mode() {
    _n=$1 _g=$2
    shift 2
    mkdir -p "$tmp/$_n.d"
    T new-session -d -s "$_n" -x 100 -y 30 "cd '$tmp/$_n.d' && env TERM=xterm-256color \
LANG=C.UTF-8 XDG_CONFIG_HOME='$tmp/cfg' '$BIN' $_g 2>'$tmp/$_n.err'; echo \$? >'$tmp/$_n.exit'; \
sleep 300"
    wait_text "$_n" "ready in" 60 || echo "    | $_n: no world shown before the storm"
    for k in "$@"; do T send-keys -t "$_n" "$k"; sleep 0.3; done
}
mode map "--set island.cells=3000"
mode panel "--set island.cells=3000" t
mode edit "--set island.cells=3000" t Down Enter
mode iso "--set island.cells=3000" p
mode globe "-g planet --set planet.points=3000" g
mode presets "--set island.cells=3000" o
mode gallery "--set island.cells=3000" v
modes="map panel edit iso globe presets gallery"

# One size list for every session (awk's rand, seeded from the clock, so
# each run storms differently; the sizes are printed on failure).
n=$((secs * 1000 / ms))
awk -v n="$n" -v seed="$(date +%s)" 'BEGIN { srand(seed); for (i = 0; i < n; i++)
    printf "%d %d\n", 1 + int(rand() * 250), 1 + int(rand() * 80) }' >"$tmp/sizes"
delay=$(awk -v ms="$ms" 'BEGIN { printf "%.3f", ms / 1000 }')
for m in $modes; do
    (while read -r w h; do
         T resize-window -t "$m" -x "$w" -y "$h" 2>/dev/null
         sleep "$delay"
     done <"$tmp/sizes") &
done
wait
echo "# $n sizes per mode, every $ms ms, $(echo $modes | wc -w) modes at once"

for m in $modes; do
    T resize-window -t "$m" -x 100 -y 30 2>/dev/null
    sleep 0.5
    if [ -s "$tmp/$m.exit" ]; then
        bad "$m: orogen ended during the storm (status $(cat "$tmp/$m.exit"))"
        sed 's/^/    | /' "$tmp/$m.err" | head -20
        continue
    fi
    T send-keys -t "$m" Escape
    sleep 0.3
    T send-keys -t "$m" q
    _i=0
    while [ ! -s "$tmp/$m.exit" ] && [ $_i -lt 100 ]; do sleep 0.2; _i=$((_i + 1)); done
    st=$(cat "$tmp/$m.exit" 2>/dev/null || echo none)
    if [ "$st" = 0 ] && ! grep -q "Sanitizer\|runtime error" "$tmp/$m.err"; then
        ok "$m: survived the storm, q exits 0, no sanitizer report"
    else
        bad "$m: status $st after the storm"
        sed 's/^/    | /' "$tmp/$m.err" | head -20
    fi
done
[ $fails -eq 0 ]
