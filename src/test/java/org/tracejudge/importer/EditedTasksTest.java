package org.tracejudge.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How an edited task's difference is named: the first differing value's pointer, both values, other fields. */
class EditedTasksTest {
    @Test
    void theFirstDifferenceIsNamedByItsPointerWithBothValues() {
        assertEquals(
                "differs at /user_message: \"a\" in the project, \"b\" in the file",
                EditedTasks.difference(
                        "{\"task_id\":\"T\",\"user_message\":\"a\"}", "{\"task_id\":\"T\",\"user_message\":\"b\"}"));
        assertEquals(
                "differs at /tools/1/name: \"y\" in the project, \"z\" in the file; fields that differ: tools, "
                        + "user_message",
                EditedTasks.difference(
                        "{\"tools\":[{\"name\":\"x\"},{\"name\":\"y\"}],\"user_message\":\"a\"}",
                        "{\"tools\":[{\"name\":\"x\"},{\"name\":\"z\"}],\"user_message\":\"b\"}"));
        assertEquals(
                "differs at /target: (absent) in the project, \"x\" in the file",
                EditedTasks.difference("{\"a\":1}", "{\"a\":1,\"target\":\"x\"}"));
    }

    @Test
    void aLongTextIsShownFromJustBeforeWhereItChanges() {
        String base = "word ".repeat(40);
        assertEquals(
                "differs at /m: \"…word word word word end\" in the project, \"…word word word word END\" in the file",
                EditedTasks.difference("{\"m\":\"" + base + "end\"}", "{\"m\":\"" + base + "END\"}"));
    }
}
