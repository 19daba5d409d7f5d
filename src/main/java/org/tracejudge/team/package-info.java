/**
 * Team projects: many laptops, one PostgreSQL hub. Each laptop keeps its SQLite project; {@link
 * org.tracejudge.team.TeamSync} pushes the entries the hub lacks and pulls the ones the laptop lacks (insert-if-absent
 * both ways, batches of one transaction each), {@link org.tracejudge.team.Hub} is the hub's side (schema by Flyway
 * from {@code db/hub}, roles, grants and row-level security), {@link org.tracejudge.team.Assigner} hands out work.
 * No JavaFX here.
 */
package org.tracejudge.team;
