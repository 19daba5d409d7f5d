/**
 * Call-level judging of long, multi-turn conversations (ToolHaystack- and DiaBench-style): the key-by-key
 * argument diff, where each wrong value came from (in-context, out-of-context, schema default), evidence and
 * value timelines across sessions, the call-level rule and its metrics (ACC, FTR, TAR, call accuracy by
 * scenario and level). Pure computation over the model; no JavaFX, no SQL.
 */
package org.tracejudge.calls;
