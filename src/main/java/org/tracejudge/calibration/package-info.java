/**
 * Judge calibration: how each machine rater agrees with human gold (confusion matrix, per-label sensitivity,
 * specificity, precision, NPV and F1 with Wilson intervals, accuracy, Cohen's kappa, Gwet's AC1, a trust verdict).
 */
package org.tracejudge.calibration;
