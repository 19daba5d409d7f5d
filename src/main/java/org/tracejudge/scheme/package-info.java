/**
 * Annotation schemes: a project's own questions (seven kinds), their options, when they apply, the answers they take
 * (with validation and canonical JSON), the YAML file a team writes, the change between two versions and the built-in
 * schemes the fixed label sets become. Pure: no SQL, no JavaFX; storage and the CLI build on it.
 */
package org.tracejudge.scheme;
