# tui_lib.sh: helpers for the tmux tests of the TUI (sourced by tests/tui_*.sh):
# a private tmux server, start NAME W H TERM LANG [ARGS...] runs $BIN in a
# detached session in its own folder $tmp/NAME.d, screen/ansi capture the
# pane (plain, with SGR), wait_for NAME TEXT [SECONDS], keys NAME KEYS...,
# ok/bad/check count results; finish prints the count and exits.
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
T new-session -d -s keep "sleep 3600"

fails=0
passes=0
ok() { passes=$((passes + 1)); echo "ok - $1"; }
bad() { fails=$((fails + 1)); echo "FAIL - $1"; [ -f "${2:-}" ] && sed 's/^/    | /' "$2"; }
check() { if [ "$1" -eq 0 ]; then ok "$2"; else bad "$2" "${3:-}"; fi; }

start() {
    _n=$1 _w=$2 _h=$3 _term=$4 _lang=$5
    shift 5
    mkdir -p "$tmp/$_n.d"
    T new-session -d -s "$_n" -x "$_w" -y "$_h" \
        "cd '$tmp/$_n.d' && env TERM=$_term LANG=$_lang LC_ALL= COLORTERM= \
XDG_CONFIG_HOME='$tmp/cfg' '$BIN' $* 2>'$tmp/$_n.err'; echo \$? >'$tmp/$_n.exit'; sleep 120"
}
screen() { T capture-pane -p -t "$1" 2>/dev/null; }
ansi() { T capture-pane -p -e -t "$1" 2>/dev/null; }
# The waits (seconds) stretch by CK_TIMEOUT_MULTIPLIER as the Check
# timeouts do: .ci/run's ASan build sets 10 (2-3x slower code on a busy
# machine), where a fixed 20 s wait failed now and then.
wait_for() {
    _i=0
    _max=$(( ${3:-20} * 5 * ${CK_TIMEOUT_MULTIPLIER:-1} ))
    while [ $_i -lt $_max ]; do
        screen "$1" | grep -qF -- "$2" && return 0
        sleep 0.2
        _i=$((_i + 1))
    done
    screen "$1" >"$tmp/last-screen.txt"
    return 1
}
wait_exit() {
    _i=0
    _max=$(( ${2:-20} * 5 * ${CK_TIMEOUT_MULTIPLIER:-1} ))
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
finish() {
    echo "# $passes passed, $fails failed"
    [ "$fails" -eq 0 ]
    exit $?
}
