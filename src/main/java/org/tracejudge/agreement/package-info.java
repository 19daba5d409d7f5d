/**
 * Inter-rater agreement statistics for Tracejudge (pure Java: no JavaFX, SQL or HTTP).
 *
 * <h2>Entry points</h2>
 * <ul>
 *   <li>{@link org.tracejudge.agreement.LabelTable} — items × raters of nominal labels (missing allowed),
 *       built with {@link org.tracejudge.agreement.LabelTable#builder()} or
 *       {@link org.tracejudge.agreement.LabelTable#of(java.util.Collection)}; items carry strata attributes.</li>
 *   <li>{@link org.tracejudge.agreement.LabelCsv#read(java.nio.file.Path)} — {@code item,rater,label[,strata...]}
 *       CSV; malformed input raises {@link org.tracejudge.agreement.LabelCsvException} (file, line, expectation).</li>
 *   <li>{@link org.tracejudge.agreement.AgreementCalculator} — from scratch:
 *       {@code points(table)}, {@code report(table)} (with bootstrap intervals and warnings),
 *       {@code reportByStratum(table, "domain")}, {@code reportByStrata(table)}; configured by
 *       {@link org.tracejudge.agreement.AgreementOptions} (Fleiss rater set, resamples, seed, threads).</li>
 *   <li>{@link org.tracejudge.agreement.LiveAgreement} — incremental {@code set}/{@code withdraw} and
 *       {@code snapshot()}; intervals recomputed in the background ({@code whenIntervalsFresh()}).</li>
 *   <li>{@link org.tracejudge.agreement.AgreementReport} — the JSON report (Jackson);
 *       {@link org.tracejudge.agreement.ReportText#render} — the same as plain-text tables.</li>
 *   <li>{@link org.tracejudge.agreement.QuestionAgreement} — one scheme question's coefficients by its kind
 *       (single choice, multiple choice, ordinal, number, yes/no per tool, span, text) from
 *       {@link org.tracejudge.agreement.Ratings} (items × raters of answers, missing allowed), with bootstrap
 *       intervals over items; {@link org.tracejudge.agreement.Masi} and {@link org.tracejudge.agreement.SpanF1}.</li>
 *   <li>Single coefficients: {@link org.tracejudge.agreement.CohenKappa}, {@link org.tracejudge.agreement.FleissKappa},
 *       {@link org.tracejudge.agreement.KrippendorffAlpha}, {@link org.tracejudge.agreement.WeightedKappa}.</li>
 * </ul>
 *
 * <p>Undefined coefficients (n = 0, p_e = 1, a single category for alpha, ...) are {@code null} with a
 * {@code note} saying why, never NaN, 0 or 1.
 */
package org.tracejudge.agreement;
