/**
 * Safety review of tool-selection tasks: the project's review policies, per-tool expert labels and their final
 * value (pending until a human decides), the disagreement and second-review queues, and the safety figures.
 */
package org.tracejudge.safety;
