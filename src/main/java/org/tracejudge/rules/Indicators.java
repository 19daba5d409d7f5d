package org.tracejudge.rules;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The structured-field indicator names (field names of the five domains' tool returns plus a few generic
 * ones), loaded from {@code indicators.txt}; with one automaton for compat (case-insensitive substring) and one
 * for tolerant (whole tokens, {@code _} read as a space, over normalised text).
 */
public final class Indicators {
    public static final String RESOURCE = "/org/tracejudge/rules/indicators.txt";

    private static volatile Indicators defaults;

    private final List<String> names;
    final AhoCorasick compat;
    final AhoCorasick tolerant;
    final String[] tolerantForms;

    public Indicators(List<String> rawNames) {
        Set<String> seen = new LinkedHashSet<>();
        List<String> ns = new ArrayList<>();
        for (String n : rawNames) {
            String t = n.strip();
            if (!t.isEmpty() && !t.startsWith("#") && seen.add(t.toLowerCase(Locale.ROOT))) {
                ns.add(t);
            }
        }
        this.names = List.copyOf(ns);
        List<String> lower = new ArrayList<>();
        List<String> tol = new ArrayList<>();
        for (String n : names) {
            lower.add(n.toLowerCase(Locale.ROOT));
            tol.add(tolerantForm(n));
        }
        this.compat = new AhoCorasick(lower);
        this.tolerant = new AhoCorasick(tol);
        this.tolerantForms = tol.toArray(new String[0]);
    }

    /** How a field name is written in prose: lower case, {@code _} and {@code -} as spaces. */
    static String tolerantForm(String name) {
        return name.toLowerCase(Locale.ROOT).replace('_', ' ').replace('-', ' ').strip();
    }

    public List<String> names() {
        return names;
    }

    int size() {
        return names.size();
    }

    public static Indicators defaults() {
        Indicators d = defaults;
        if (d == null) {
            synchronized (Indicators.class) {
                d = defaults;
                if (d == null) {
                    d = new Indicators(loadResource());
                    defaults = d;
                }
            }
        }
        return d;
    }

    static List<String> loadResource() {
        try (InputStream in = Indicators.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            List<String> out = new ArrayList<>();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    out.add(line);
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
