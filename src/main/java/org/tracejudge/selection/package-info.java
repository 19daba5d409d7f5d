/** Tool-selection tasks: scenarios, the NLT selector parser and the exact-set rule (per-tool YES/NO + verdict). */
package org.tracejudge.selection;
