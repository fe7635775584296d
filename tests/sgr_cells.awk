# sgr_cells.awk: read a `tmux capture-pane -p -e` capture and print one line
# per half-block cell (U+2580): "ROW COL FG BG", colours as 256-colour
# numbers (-1 the default, r:g:b for 24-bit). tmux carries the SGR state
# across lines, and so does this. Plain POSIX awk (mawk), byte-wise: columns
# count ASCII and each U+2580/U+2584 as one, other UTF-8 bytes are skipped.
BEGIN { fg = -1; bg = -1; row = 0 }
function sgr(p,    n, a, i) {
    if (p == "") p = "0"
    n = split(p, a, /[;:]/)
    for (i = 1; i <= n; i++) {
        if (a[i] == 0 && a[i] != "") { fg = -1; bg = -1 }
        else if (a[i] == 39) fg = -1
        else if (a[i] == 49) bg = -1
        else if (a[i] >= 30 && a[i] <= 37) fg = a[i] - 30
        else if (a[i] >= 90 && a[i] <= 97) fg = a[i] - 82
        else if (a[i] >= 40 && a[i] <= 47) bg = a[i] - 40
        else if (a[i] >= 100 && a[i] <= 107) bg = a[i] - 92
        else if ((a[i] == 38 || a[i] == 48) && a[i + 1] == 5) {
            if (a[i] == 38) fg = a[i + 2]; else bg = a[i + 2]
            i += 2
        } else if ((a[i] == 38 || a[i] == 48) && a[i + 1] == 2) {
            if (a[i] == 38) fg = a[i + 2] ":" a[i + 3] ":" a[i + 4]
            else bg = a[i + 2] ":" a[i + 3] ":" a[i + 4]
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
        c = substr(s, 1, 3)
        if (c == "\342\226\200") { print row, col, fg, bg; col++; s = substr(s, 4); continue }
        if (c == "\342\226\204") { col++; s = substr(s, 4); continue }
        b = substr(s, 1, 1)
        if (b < "\200") col++
        else if (b >= "\300") col++
        s = substr(s, 2)
    }
    row++
}
