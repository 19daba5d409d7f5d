package org.tracejudge.calls;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tracejudge.json.Json;
import org.tracejudge.model.ToolCall;

/**
 * Calls written in text, ToolHaystack style: {@code Calling the <API> API with {...}}. The arguments are the JSON
 * object that follows; text that is not a JSON object gives a call whose arguments are null (nothing matches).
 */
public final class TextCalls {
    private TextCalls() {}

    private static final Pattern CALL =
            Pattern.compile("Calling the\\s+(.+?)\\s+API\\s+with\\s*", Pattern.CASE_INSENSITIVE);

    /** A call found in text, with the character range its mention covers. */
    public record Found(ToolCall call, int start, int end) {}

    public static List<Found> find(String text) {
        List<Found> out = new ArrayList<>();
        if (text == null || text.isEmpty()) {
            return out;
        }
        Matcher m = CALL.matcher(text);
        int from = 0;
        while (m.find(from)) {
            String name = m.group(1).strip();
            int argStart = m.end();
            JsonNode args = null;
            int end = m.end();
            if (argStart < text.length() && text.charAt(argStart) == '{') {
                try (JsonParser p = Json.FACTORY.createParser(text.substring(argStart))) {
                    p.nextToken();
                    args = Json.MAPPER.readTree(p);
                    end = argStart + (int) p.currentLocation().getCharOffset();
                } catch (IOException e) {
                    args = null;
                }
            }
            out.add(new Found(new ToolCall(name, args), m.start(), end));
            from = Math.max(end, m.end());
        }
        return out;
    }

    public static List<ToolCall> calls(String text) {
        return find(text).stream().map(Found::call).toList();
    }
}
