package org.tracejudge.testdata;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.tracejudge.json.Json;

/**
 * Generates long ToolHaystack-style cases (formats.md §6) for benchmarks and UI tests: by default 16 sessions of
 * 5 turns (80 turns, about 12,000 tokens at ~4 characters a token), one evidence session holding the booking code,
 * a later one replacing it for every third case (information shift), a goal session last, distractors between.
 * Deterministic for a seed. Usage: {@code MultiTurnGenerator OUT.jsonl CASES [SESSIONS] [TURNS_PER_SESSION] [SEED]}.
 */
public final class MultiTurnGenerator {
    private static final String[] WORDS =
            ("the a of to and in that it is was for on with as be at by this had not are but from or have "
                            + "an they which one you were all we her she there would their will when who him been has more if no out so said what "
                            + "up its about into than them can only other new some could time these two may then do first any my now such like our "
                            + "over man me even most made after also did many before must through back years where much your way well down should "
                            + "because each just those people how too little state good very make world still own see men work long get here between "
                            + "both life being under never day same another know while last might us great old year off come since against go came "
                            + "right used take three train river market garden window letter station coffee morning evening weekend holiday ticket "
                            + "museum harbour bicycle mountain village kitchen library concert bakery bridge island forest meadow lantern")
                    .split(" ");

    private MultiTurnGenerator() {}

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        int cases = Integer.parseInt(args[1]);
        int sessions = args.length > 2 ? Integer.parseInt(args[2]) : 16;
        int turns = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        long seed = args.length > 4 ? Long.parseLong(args[4]) : 42;
        write(out, cases, sessions, turns, seed);
    }

    public static void write(Path out, int cases, int sessions, int turnsPerSession, long seed) throws IOException {
        Random rnd = new Random(seed);
        try (BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            for (int i = 0; i < cases; i++) {
                w.write(oneCase(rnd, i, sessions, turnsPerSession).toString());
                w.write('\n');
            }
        }
    }

    static ObjectNode oneCase(Random rnd, int i, int sessions, int turnsPerSession) {
        ObjectNode c = Json.object();
        c.put("id", String.format("gen-%05d", i));
        c.put("model", "gen-model-" + (i % 4));
        boolean shift = i % 3 == 0;
        c.put("scenario", shift ? "information_shift" : "context_recall");
        c.put("level", shift ? (i % 2 == 0 ? "explicit" : "implicit") : (i % 2 == 0 ? "single" : "multi"));
        ArrayNode tools = c.putArray("tools");
        ObjectNode fn = tools.addObject().put("type", "function").putObject("function");
        fn.put("name", "TrainBooking").put("description", "Book a train ticket");
        ObjectNode props = fn.putObject("parameters").put("type", "object").putObject("properties");
        props.putObject("booking_code").put("type", "string");
        props.putObject("seats").put("type", "integer");
        props.putObject("class").put("type", "string").put("default", "second");
        fn.withObject("/parameters").putArray("required").add("booking_code").add("seats");
        String code = "TR-" + (10000 + rnd.nextInt(89999));
        String newCode = "TR-" + (10000 + rnd.nextInt(89999));
        int seats = 1 + rnd.nextInt(6);
        int evidence = 1 + rnd.nextInt(Math.max(1, sessions / 3));
        int shiftAt = shift ? evidence + 1 + rnd.nextInt(Math.max(1, sessions - evidence - 2)) : -1;
        ArrayNode ss = c.putArray("sessions");
        for (int s = 0; s < sessions; s++) {
            boolean goal = s == sessions - 1;
            boolean ev = s == evidence || s == shiftAt;
            ObjectNode so = ss.addObject();
            so.put("session_id", "S" + (s + 1));
            so.put("session_type", goal ? "goal" : ev ? "evidence" : "distractor");
            so.put("api_name", goal || ev ? "TrainBooking" : "SmallTalk");
            ArrayNode ts = so.putArray("turns");
            for (int t = 0; t < turnsPerSession; t++) {
                boolean user = t % 2 == 0;
                String text = sentence(rnd, 115);
                if (ev && t == 0) {
                    text = (s == shiftAt
                                    ? "Update: my booking code changed to " + newCode + ". "
                                    : "My booking code is " + code + " and we are " + seats + " travellers. ")
                            + text;
                }
                if (ev && t == 1 && s == evidence) {
                    text = "Calling the TrainBooking API with {\"booking_code\": \"" + code + "\", \"seats\": " + seats
                            + "}";
                }
                if (goal && t == turnsPerSession - 1 && user) {
                    text = "Please book the train for us again. " + text;
                }
                ts.addObject().put("role", user ? "user" : "assistant").put("content", text);
            }
        }
        String gold = shift ? newCode : code;
        c.putObject("gold")
                .put("api_name", "TrainBooking")
                .putObject("parameters")
                .put("booking_code", gold)
                .put("seats", seats);
        String used = rnd.nextInt(4) == 0 ? code : gold;
        c.put(
                "response",
                "<think>" + sentence(rnd, 30) + "</think>Calling the TrainBooking API with {\"booking_code\": \"" + used
                        + "\", \"seats\": " + seats + "}");
        return c;
    }

    private static String sentence(Random rnd, int words) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < words; i++) {
            String w = WORDS[rnd.nextInt(WORDS.length)];
            if (i == 0 || sb.charAt(sb.length() - 2) == '.') {
                w = Character.toUpperCase(w.charAt(0)) + w.substring(1);
            }
            sb.append(w).append(i % 12 == 11 ? ". " : " ");
        }
        return sb.toString().strip() + ".";
    }
}
