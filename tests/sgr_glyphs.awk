# sgr_glyphs.awk: read a `tmux capture-pane -p -e` capture and print one
# line per printable non-space ASCII cell: "ROW COL CHAR FG BOLD", the
# foreground as a colour number (-1 the default; SGR 90..97 are 8..15).
# The SGR state carries across lines as in sgr_cells.awk. Plain POSIX awk,
# byte-wise: each UTF-8 sequence counts as one column.
BEGIN { fg = -1; bold = 0; row = 0 }
function sgr(p,    n, a, i) {
    if (p == "") p = "0"
    n = split(p, a, /[;:]/)
    for (i = 1; i <= n; i++) {
        if (a[i] == 0 && a[i] != "") { fg = -1; bold = 0 }
        else if (a[i] == 1) bold = 1
        else if (a[i] == 22) bold = 0
        else if (a[i] == 39) fg = -1
        else if (a[i] >= 30 && a[i] <= 37) fg = a[i] - 30
        else if (a[i] >= 90 && a[i] <= 97) fg = a[i] - 82
        else if ((a[i] == 38 || a[i] == 48) && a[i + 1] == 5) {
            if (a[i] == 38) fg = a[i + 2]
            i += 2
        } else if ((a[i] == 38 || a[i] == 48) && a[i + 1] == 2) {
            if (a[i] == 38) fg = a[i + 2] ":" a[i + 3] ":" a[i + 4]
            i += 4
        }
    }
}
{
    s = $0; col = 0
    while (length(s) > 0) {
        if (substr(s, 1, 2) == "\033[") {
            if (match(s, /^\033\[[0-9;:]*m/)) {
                sgr(substr(s, 3, RLENGTH - 3)); s = substr(s, RLENGTH + 1); continue
            }
            s = substr(s, 3); continue
        }
        b = substr(s, 1, 1)
        if (b > " " && b < "\177") print row, col, b, fg, bold
        if (b < "\200" || b >= "\300") col++
        s = substr(s, 2)
    }
    row++
}
