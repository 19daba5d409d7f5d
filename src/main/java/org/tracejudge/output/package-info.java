/**
 * Writing files for people (exports, figures, reports) so that no output path can destroy what it was made from: the
 * guard against writing over the project, an input or any SQLite database, and the temporary file renamed in place.
 */
package org.tracejudge.output;
