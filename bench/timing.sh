# Shared by the bench scripts (sourced, not run): the wall time of one
# run of a command, and the median of a column of numbers.

# Wall seconds of one run of a shell command (output thrown away).
seconds() {
    local start end
    start=$(date +%s.%N)
    bash -c "$1" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}

median() {
    sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}
