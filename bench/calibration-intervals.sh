#!/usr/bin/env bash
# Interval candidates for the corrected rates (issue 35), simulated with numpy: the studies of calibration-sim.sh
# (1,000 per cell; rate 5%/20%; judge Se/Sp 0.85/0.90 and 0.70/0.97; gold n = 50/100/200/400 of N = 2,000 judged
# traces, drawn without replacement), each candidate's coverage, mean width and bias with its Monte-Carlo SE, a summary
# per candidate over the 16 cells, and the exact coverage of the gold-only Wilson interval (hypergeometric) near 5%.
# The candidates are described in bench/calibration_intervals.py. Needs python3 with numpy and scipy.
# Usage: bash bench/calibration-intervals.sh [STUDIES=1000] [N=2000] [SEED=1]
set -euo pipefail
cd "$(dirname "$0")/.."
cat /proc/loadavg
/usr/bin/time -f "%e s elapsed, %U s user, %S s sys, %M KB" python3 bench/calibration_intervals.py "${1:-1000}" "${2:-2000}" "${3:-1}"
cat /proc/loadavg
