package org.tracejudge.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link CatalogueThings} and the round-61 rules beside it: products, colours, media titles, places in file names,
 * software and cities of tool returns are kept; the people in the same returns are still taken.
 */
class CatalogueThingsTest {
    private final Redactor r = new Redactor();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"name\": \"Beatrice Reading Chair\", \"colour\": \"Teal\", \"price\": 349}",
                "Back in stock: the Oscar Dining Table in Hazel and Ivory, and the Mabel Floor Lamp.",
                "| Winston Recliner | Slate | 3 in stock |",
                "Playlist \"Late Night\": 1. Cecilia  2. Yesterday  3. Sweet Jane",
                "Now playing: Maggie May (5:46)",
                "{\"title\": \"Annie\", \"runtime\": 127, \"genres\": [\"Musical\"]}",
                "Showtimes: Paddington 11:00, 13:15 | Wonka 16:40",
                "{\"location\": {\"name\": \"Raleigh\", \"region\": \"NC\"}, \"temp_c\": 21}",
                "Tyler: 24° and sunny",
                "Route: Raleigh → Durham, 25 mi",
                "./Raleigh_Office_Seating.xlsx\n./Denver_Warehouse_Stock.csv",
                "error: unknown field `julia_path` in config.toml",
                "Deploying Phoenix LiveView 0.20 to the cluster",
                "Upgrading Cassandra On Kubernetes: step 3 of 5",
                "Interaction: Eliquis + Allegra (minor)"
            })
    void thingsOfToolReturnsAreKept(String text) {
        RedactionAsserts.leaves(r, text);
    }

    @Test
    void peopleInTheSameReturnsAreStillTaken() {
        assertEquals(
                "{\"assignee\": \"[NAME]\", \"colour\": \"Teal\"}",
                r.redact("{\"assignee\": \"Beatrice Holloway\", \"colour\": \"Teal\"}")
                        .text());
        assertEquals(
                "{\"track\": \"Cecilia\", \"added_by\": \"[NAME]\"}",
                r.redact("{\"track\": \"Cecilia\", \"added_by\": \"Priya Raman\"}")
                        .text());
        assertEquals(
                "{\"organizer\": {\"displayName\": \"[NAME]\"}}",
                r.redact("{\"organizer\": {\"displayName\": \"Oscar Lindqvist\"}}")
                        .text());
        assertEquals(
                "Item: Mabel Floor Lamp\nCustomer: [NAME]",
                r.redact("Item: Mabel Floor Lamp\nCustomer: Winston Adeyemi").text());
        assertEquals(
                "Meeting notes: [NAME] joined the Denver office",
                r.redact("Meeting notes: Priya Raman joined the Denver office").text());
    }
}
