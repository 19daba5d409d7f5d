package org.tracejudge.redaction;

import static org.tracejudge.redaction.AddressWalk.emit;
import static org.tracejudge.redaction.AddressWords.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Spanish, Catalan, Portuguese and Italian streets: the type, name and number ("Calle Mayor 5, 3º izq"). */
final class SpanishAddress implements AddressGrammar {
    static final SpanishAddress INSTANCE = new SpanishAddress();

    private SpanishAddress() {}

    private static final Pattern ES = Pattern.compile("(?iu)(?<![\\p{L}])(?:(?:calle|avenida|avda|plaza|pza|"
            + "paseo|camino|carrera|ronda|travesía|travesia|carretera|ctra|glorieta|pasaje|urbanización|carrer|passeig|avinguda|"
            + "plaça|travessera|rambla|"
            + "urb|rua|praça|travessa)(?![\\p{L}])\\.?|(?-i:Via|Viale|Piazza|Corso)(?=\\s+(?-i:\\p{Lu}))|c/(?!o\\b)|av\\.|p[º°])\\s*(?:(?:de|del|la|las|los|el|dels|di|della)\\s+)*"
            + WORD + "(?:\\s+(?:(?:de|del|la|las|los|el|y)\\s+)*" + WORD
            + "){0,3}?,?\\s*(?:n[º°o]\\.?\\s*)?(?:\\d{1,4}|s/n)"
            + "(?:\\s*,?\\s*\\d{1,2}\\s*[º°ª]?\\s*-?\\s*[a-zA-Z]?\\b|\\s*,?\\s*(?:piso|planta|puerta|esc\\.?|bajo|izq\\.?|"
            + "dcha\\.?|izquierda|derecha|izda\\.?|ático|atico|entresuelo)(?![\\p{L}])[^,\\n]{0,12})*");
    private static final String[] ES_HINTS = {
        "calle",
        "c/",
        "av",
        "plaza",
        "pza",
        "paseo",
        "p\u00ba",
        "pº",
        "p°",
        "camino",
        "carrera",
        "ronda",
        "traves",
        "carretera",
        "ctra",
        "glorieta",
        "pasaje",
        "urb",
        "carrer",
        "passeig",
        "avinguda",
        "plaça",
        "rambla",
        "rua",
        "praça",
        "Via",
        "Viale",
        "Piazza",
        "Corso"
    };

    @Override
    public String name() {
        return "addresses.es-street";
    }

    @Override
    public void find(Scan h) {
        String t = h.text;
        if (!hinted(h, ES_HINTS)) {
            return;
        }
        Matcher m = ES.matcher(t);
        while (m.find()) {
            emit(h, m.start(), m.end());
        }
    }
}
