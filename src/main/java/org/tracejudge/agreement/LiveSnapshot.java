package org.tracejudge.agreement;

/**
 * What {@link LiveAgreement#snapshot()} returns.
 *
 * @param version         number of effective edits so far
 * @param points          every point coefficient, exact for the current labels
 * @param report          the report for the current labels; its intervals (ci95) come from the latest
 *                        finished background bootstrap, which may be for an earlier version
 * @param intervalsStale  true when the intervals are for an earlier version (or not computed yet)
 * @param intervalsVersion the version the intervals were computed for, or -1
 */
public record LiveSnapshot(
        long version, PointEstimates points, AgreementReport report, boolean intervalsStale, long intervalsVersion) {}
