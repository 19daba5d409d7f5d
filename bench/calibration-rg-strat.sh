#!/usr/bin/env bash
# Interval and point-estimate candidates for Rogan-Gladen and the stratified-label mean (issue 35), simulated with numpy:
# the studies of calibration-sim.sh (1,000 per cell; rate 5%/20%; judge Se/Sp 0.85/0.90 and 0.70/0.97; gold n =
# 50/100/200/400 of N = 2,000 judged traces, drawn without replacement), each candidate's coverage, mean width and bias
# with its Monte-Carlo SE per cell, a summary per candidate over the 16 cells, then the exact (hypergeometric) coverage
# at n = 50 as a function of the population's count with the label. The candidates are described in
# bench/calibration_rg_strat.py. Needs python3 with numpy and scipy; about 1 min for the simulation and 3-5 min for the
# exact part on 2 shared cores.
# Usage: bash bench/calibration-rg-strat.sh [STUDIES=1000] [N=2000] [SEED=1] [BOOTSTRAP=400]
set -euo pipefail
cd "$(dirname "$0")/.."
cat /proc/loadavg
/usr/bin/time -f "%e s elapsed, %U s user, %S s sys, %M KB" python3 bench/calibration_rg_strat.py "${1:-1000}" "${2:-2000}" "${3:-1}" "${4:-400}"
cat /proc/loadavg
