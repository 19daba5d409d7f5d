package org.tracejudge.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringReader;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class VerifiedFilesTest {
    @Test
    void keysWithSeparatorsAndNonLatinCharactersReadBackAsWritten() throws Exception {
        for (String key : new String[] {"/home/a b/x.tjdb", "C:\\Users\\Zoë\\p=1:2#3!.tjdb", "/tmp/日本/p.tjdb"}) {
            Properties p = new Properties();
            p.load(new StringReader(VerifiedFiles.escape(key) + "=5:7\n"));
            assertEquals("5:7", p.getProperty(key), key);
        }
    }
}
