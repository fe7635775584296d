# x11_lib.sh: a virtual X server for the tests that screenshot orogen in a
# real terminal (sourced by tests/xterm_sixel.sh and tests/term_sextants.sh,
# as tests/tui_lib.sh is by the tmux tests). Set before sourcing:
#   X11_TOOLS   the programs the test needs (Xvfb among them)
#   X11_OPTION  an orogen option the binary must list in --help
#   X11_SCREEN  Xvfb's screen, WxHxDEPTH
# It skips (exit 77) when a program, python3's PIL or the option is missing,
# or when Xvfb does not start, and gives:
#   BIN, PY     orogen and python3
#   tmp         a private folder, removed at exit
#   disp        the server's display (DISPLAY=$disp ...), a free number
#               Xvfb chose itself
#   term_pid    the test sets it to its terminal's pid: killed at exit,
#               with the server
#   x11_script ARGS...  writes $tmp/run.sh for the terminal to run: it
#               records the pty's size (rows cols xpix ypix) in $tmp/winsz,
#               then runs orogen ARGS (UTF-8, xterm-256color), its standard
#               error in $tmp/orogen.err
set -u
BIN=${OROGEN_BIN:-src/cli/orogen}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
PY=/usr/bin/python3
for tool in $X11_TOOLS; do
    command -v $tool >/dev/null 2>&1 || { echo "$tool is not installed: skipping"; exit 77; }
done
[ -x $PY ] && $PY -c 'import PIL' 2>/dev/null || { echo "python3-pil is not installed: skipping"; exit 77; }
"$BIN" --help 2>&1 | grep -q -- "$X11_OPTION" || { echo "no $X11_OPTION in $BIN: skipping"; exit 77; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/orogen-x11.XXXXXX") || exit 99
xvfb_pid=""; term_pid=""
cleanup() {
    [ -n "$term_pid" ] && kill "$term_pid" 2>/dev/null
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 99' INT TERM

Xvfb -displayfd 3 -screen 0 "$X11_SCREEN" -nolisten tcp 3>"$tmp/display" >"$tmp/xvfb.log" 2>&1 &
xvfb_pid=$!
i=0
while [ $i -lt 50 ] && ! [ -s "$tmp/display" ]; do sleep 0.1; i=$((i + 1)); done
[ -s "$tmp/display" ] || { echo "Xvfb did not start: skipping"; cat "$tmp/xvfb.log"; exit 77; }
disp=:$(head -1 "$tmp/display")

x11_script() {
    rm -f "$tmp/winsz"
    cat >"$tmp/run.sh" <<EOS
#!/bin/sh
$PY -c 'import fcntl, termios, struct; print(*struct.unpack("HHHH", fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8)))' >"$tmp/winsz"
exec env LANG=C.UTF-8 TERM=xterm-256color "$BIN" $* 2>"$tmp/orogen.err"
EOS
    chmod +x "$tmp/run.sh"
}
