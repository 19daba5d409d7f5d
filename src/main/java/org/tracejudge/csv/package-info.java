/**
 * Writing CSV meant for spreadsheets: RFC 4180 quoting and the neutralising of cells a spreadsheet would run as a
 * formula (CSV injection). Depends on nothing else of ours, so every report (metrics, calls, selection, corrected
 * rates, labels, comments) writes its cells the same way.
 */
package org.tracejudge.csv;
