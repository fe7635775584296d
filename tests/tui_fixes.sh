#!/bin/sh
# tui_fixes.sh: regressions from the newcomer's TUI test (findings of
# 2026-12-03), driven in tmux like tests/tui_smoke.sh:
#   R1 the export prompt keeps the typed name across a 'terminal too small'
#      resize (no "abc      -view.png");
#   R3 Enter in the preset list loads the preset and closes the list (a
#      following v opens the seed gallery, not the preset "volcano");
# Exit 77 (skip) without tmux. Every wait is bounded; a private tmux socket
# is used and its server killed at the end.
set -u

command -v tmux >/dev/null 2>&1 || { echo "tmux is not installed: skipping"; exit 77; }
BIN=${OROGEN_BIN:-src/cli/orogen}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
[ -x "$BIN" ] || { echo "no orogen binary at $BIN"; exit 99; }

sock=orogen-test-$$
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-tui.XXXXXX") || exit 99
unset TMUX
printf 'set -g status off\nset -g default-terminal screen\n' >"$tmp/tmux.conf"

T() { tmux -L "$sock" -f "$tmp/tmux.conf" "$@"; }
cleanup() {
    T kill-server >/dev/null 2>&1
    rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$sock"
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 99' INT TERM
# A session that lives through the run: a server whose last session is killed
# exits, and a new-session right after can reach the dying server and fail.
T new-session -d -s keep "sleep 3600"

fails=0
passes=0
ok() { passes=$((passes + 1)); echo "ok - $1"; }
bad() { fails=$((fails + 1)); echo "FAIL - $1"; [ -f "${2:-}" ] && sed 's/^/    | /' "$2"; }
check() { if [ "$1" -eq 0 ]; then ok "$2"; else bad "$2" "${3:-}"; fi; }

# start NAME W H TERM LANG [ARGS...]: run orogen in a new detached session,
# in its own folder $tmp/NAME.d (exports land there).
start() {
    _n=$1 _w=$2 _h=$3 _term=$4 _lang=$5
    shift 5
    mkdir -p "$tmp/$_n.d"
    T new-session -d -s "$_n" -x "$_w" -y "$_h" \
        "cd '$tmp/$_n.d' && env TERM=$_term LANG=$_lang LC_ALL= COLORTERM= \
XDG_CONFIG_HOME='$tmp/cfg' '$BIN' $* 2>'$tmp/$_n.err'; echo \$? >'$tmp/$_n.exit'; sleep 120"
}

screen() { T capture-pane -p -t "$1" 2>/dev/null; }

# wait_for NAME TEXT [SECONDS]: until the pane shows TEXT (fixed string).
wait_for() {
    _i=0
    _max=$(( ${3:-20} * 5 ))
    while [ $_i -lt $_max ]; do
        screen "$1" | grep -qF -- "$2" && return 0
        sleep 0.2
        _i=$((_i + 1))
    done
    screen "$1" >"$tmp/last-screen.txt"
    return 1
}

# wait_exit NAME [SECONDS]: until the program has exited; prints its status.
wait_exit() {
    _i=0
    _max=$(( ${2:-20} * 5 ))
    while [ $_i -lt $_max ]; do
        if [ -s "$tmp/$1.exit" ]; then
            cat "$tmp/$1.exit"
            return 0
        fi
        sleep 0.2
        _i=$((_i + 1))
    done
    echo none
    return 1
}

keys() { _s=$1; shift; T send-keys -t "$_s" "$@"; sleep 0.15; }

# --- R1: a typed export name survives 'terminal too small' ---------------------
start r1 100 30 xterm-256color C.UTF-8 --set island.cells=2000
if wait_for r1 "ready in" 30; then
    keys r1 e a b c
    wait_for r1 "export view as: abc" 5
    T resize-window -t r1 -x 30 -y 8; sleep 0.5
    wait_for r1 "terminal too small" 5
    T resize-window -t r1 -x 100 -y 30; sleep 0.5
    screen r1 >"$tmp/r1.txt"
    grep "export view as:" "$tmp/r1.txt" | grep -q "as: abc  " && ! grep -q -- "-view.png" "$tmp/r1.txt"
    check $? "R1: the typed name is kept whole after a too-small resize" "$tmp/r1.txt"
    keys r1 Enter
    wait_for r1 "size WxH:" 5 && keys r1 C-u 6 4 x 3 2 Enter
    wait_for r1 "(64x32)" 20 && [ -f "$tmp/r1.d/abc.png" ]
    check $? "R1: Enter writes abc.png" "$tmp/last-screen.txt"
    keys r1 e BSpace BSpace x
    T resize-window -t r1 -x 30 -y 8; sleep 0.5
    T resize-window -t r1 -x 100 -y 30; sleep 0.5
    screen r1 >"$tmp/r1.txt"
    grep "export view as:" "$tmp/r1.txt" | grep -q "as: x  " && ! grep -q -- "-view.png" "$tmp/r1.txt"
    check $? "R1: backspaces and x: the field is 'x' after the resize" "$tmp/r1.txt"
    keys r1 Escape
else
    bad "R1: no island" "$tmp/last-screen.txt"
fi
keys r1 q
wait_exit r1 20 >/dev/null

# --- R3: Enter in the preset list closes it ------------------------------------
start r3 100 30 xterm-256color C.UTF-8 --set island.cells=2000
if wait_for r3 "ready in" 30; then
    keys r3 o v
    wait_for r3 "Presets (Enter loads)" 5
    keys r3 Enter
    wait_for r3 "loaded preset volcano" 10 && ! screen r3 | grep -qF "Presets (Enter loads)"
    check $? "R3: Enter loads the preset and closes the list" "$tmp/last-screen.txt"
    wait_for r3 "ready in" 30
    keys r3 v
    wait_for r3 "gallery: seeds" 10
    check $? "R3: v after loading opens the seed gallery" "$tmp/last-screen.txt"
    keys r3 Escape
else
    bad "R3: no island" "$tmp/last-screen.txt"
fi
keys r3 q q
wait_exit r3 20 >/dev/null

echo "$passes passed, $fails failed"
[ $fails -eq 0 ]
