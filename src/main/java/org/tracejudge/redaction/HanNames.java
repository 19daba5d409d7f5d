package org.tracejudge.redaction;

import static org.tracejudge.redaction.Names.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Chinese self-introductions: the two or three Han characters after 我叫, 我的名字是, 我是 or 名叫 are a name, taken
 * out wherever they recur (by {@link RecurringNames}).
 */
final class HanNames implements Recognizer {
    static final HanNames INSTANCE = new HanNames();

    private HanNames() {}

    @Override
    public String name() {
        return "names.han";
    }

    static final Pattern HAN_NAME = Pattern.compile("(?:我叫|我的名字是|我是|名叫)(\\p{IsHan}{2,3}?)(?=[，。,.！!\\s]|$|我)");

    @Override
    public void recognize(Scan h) {
        Matcher han = HAN_NAME.matcher(h.text);
        while (han.find()) {
            h.nameText().found.add(han.group(1));
        }
    }
}
