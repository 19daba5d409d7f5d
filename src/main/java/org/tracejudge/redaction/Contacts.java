package org.tracejudge.redaction;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * E-mail addresses (plain, spaced "jo @ mail . com", spelled "jo at mail dot com", bracketed "(at)"/"[dot]"),
 * social handles ("@name", "my insta is name", "snap: name") and URLs that point at a person (social profile
 * paths, personal sites, a URL after "my site/blog/page").
 */
final class Contacts {
    private Contacts() {}

    private static final String W = "[\\p{L}\\p{M}\\p{N}]";
    /** "dot" in the languages people write addresses in: English, French/German "point"/"punkt", Spanish "punto". */
    private static final String DOT_WORD = "(?:dot|punkt|point|punto|ponto|punt)";

    private static final String AT_WORD = "(?:at|arroba|arobase|ät)";
    private static final String LOCAL = W + "++(?:(?:[._%+'-]++|\\s\\.\\s?|\\.\\s|\\s*[(\\[{<]\\s*" + DOT_WORD
            + "\\s*[)\\]}>]\\s*)" + W + "++)*+(?:\\s+(?:" + DOT_WORD + "|underscore|dash|hyphen)\\s+" + W + "++)*";
    private static final String AT =
            "(?:\\s*@\\s*|\\s*[(\\[{<]\\s*" + AT_WORD + "\\s*[)\\]}>]\\s*|\\s+(?:at|arroba|arobase)\\s+)";
    private static final String DOT =
            "(?:\\s*\\.\\s*|\\s*[(\\[{<]\\s*" + DOT_WORD + "\\s*[)\\]}>]\\s*|\\s+" + DOT_WORD + "\\s+)";
    private static final String TLD =
            "(?:com|org|net|edu|gov|io|co|uk|de|fr|es|it|nl|info|me|ru|in|au|ca|ie|eu|us|ch|at|be|"
                    + "pt|pl|se|no|dk|fi|nz|za|br|mx|ar|jp|cn|kr|tv|xyz|app|dev|mail|email|online|live|biz)";
    /** The whole address: local part, an "at" (sign, bracketed or word), a domain of labels, a known TLD. */
    private static final Pattern EMAIL = Pattern.compile("(?iu)(?<![\\p{L}\\p{M}\\p{N}._%+-])" + LOCAL + AT + W
            + "[\\p{L}\\p{M}\\p{N}-]*(?:" + DOT + W + "[\\p{L}\\p{M}\\p{N}-]*)*" + DOT + TLD + "(?:" + DOT + TLD
            + "|(?<=[\\s.](?:co|ac))\\s+(?:uk|nz|za|in|jp|kr|il|th))?" // "dot co uk": the last dot left out
            + "(?![\\p{L}\\p{N}/])");
    /** A spelled "at" with no "@", then a full stop, a space and a capital: a sentence end, not a dot. */
    private static final Pattern SENTENCE_DOT =
            Pattern.compile("(?u)^[^@]*\\s(?:at|arroba|arobase)\\s[^@]*\\.\\s+\\p{Lu}");
    /** An address with "@" and any TLD (including ones not in the list). */
    private static final Pattern EMAIL_PLAIN = Pattern.compile(
            "[\\p{L}\\p{M}\\p{N}._%+'-]+@[\\p{L}\\p{M}\\p{N}-]+(?:\\.[\\p{L}\\p{M}\\p{N}-]+)*\\.\\p{L}{2,}");
    /** A local part written "at" a mail provider without its TLD: "jo.bloggs at gmail", "jo@hotmail". */
    private static final Pattern EMAIL_PROVIDER = Pattern.compile("(?iu)(?<![\\p{L}\\p{N}._-])" + LOCAL + AT
            + "(?:gmail|googlemail|hotmail|outlook|yahoo|icloud|aol|proton(?:mail)?|gmx|web\\.de|live|msn|mail|yandex|zoho|"
            + "btinternet|sky|virginmedia|talktalk|orange|wanadoo|laposte|free|sfr|bigpond|optusnet|eircom|rediffmail|"
            + "t-online|telefonica|movistar|libero|wp|onet|seznam)"
            + "(?![\\p{L}\\p{N}])");

    private static final String PLATFORM = "(?:insta(?:gram)?|ig|snap(?:chat)?|tik\\s?tok|twitter|threads|"
            + "bluesky|bsky|discord|reddit|telegram|tg|twitch|youtube|yt|kik|skype|tumblr|pinterest|fb|facebook|"
            + "linkedin|xbox|psn|roblox|github|mastodon|wechat|vinted|onlyfans|spotify|soundcloud|"
            + "deviantart|substack|bereal|wattpad|ao3|letterboxd|strava|grindr|tinder|hinge|bumble|venmo|cash\\s?app|sc|steam|"
            + "ps[345]|playstation|epic|gamertag)";
    /** "add leahhh_m on snapchat": a handle-shaped word (with a digit, "_" or ".") before "on" and a platform. */
    private static final Pattern HANDLE_BEFORE_PLATFORM =
            Pattern.compile("(?iu)\\b(?:add|follow|find|dm|message|msg|text)"
                    + "\\s+(?:me\\s+)?(@?(?=[\\p{L}\\p{N}_.]*[\\d_.])[\\p{L}\\p{N}_][\\p{L}\\p{N}_.]{1,30}[\\p{L}\\p{N}_])\\s+(?:on|at)\\s+"
                    + PLATFORM + "\\b");
    /**
     * "my insta is jo_b", "snap: jo.b", "on tiktok as jo.b", "add me on discord jo#1234", "ig @jo"; not a platform's
     * word inside a variable's name ("GITHUB_TOKEN", "TWITTER_BEARER_TOKEN").
     */
    private static final Pattern HANDLE_CUE = Pattern.compile("(?iu)\\b" + PLATFORM
            + "(?![\\p{L}\\p{N}_])(?:['’]s)?(?:,?\\s+(?:handle|name|username|user|acc(?:ount)?|id|tag|is|was|it's|its|it’s|ist|war|es|era|est|"
            + "[ée]tait|c['’]est|"
            + "me|=|@)){0,3}\\s*(?:is\\s+|:\\s*|-\\s*|=\\s*|@)?\\s*"
            + "(?:(?:under|as)\\s+)?([@$]?[\\p{L}\\p{N}_][\\p{L}\\p{N}_.#-]{1,30}[\\p{L}\\p{N}_])");
    /** A Cash App "$cashtag" with a digit or an underscore ("$tiredmama22"; not "$AAPL" or "$5"). */
    private static final Pattern CASHTAG = Pattern.compile("(?<![\\p{L}\\p{N}_$])\\$(?=[A-Za-z][A-Za-z0-9_-]*[0-9_])"
            + "[A-Za-z][A-Za-z0-9_-]{2,19}(?![\\p{L}\\p{N}_])");
    /** Xbox gamertags may hold a space before their digits ("SilentWolf 77"). */
    private static final Pattern GAMERTAG_DIGITS = Pattern.compile("^ \\d{1,4}(?=[\\s,.!?;)]|$)");

    private static final Pattern HANDLE_AT = Pattern.compile(
            "(?<![\\p{L}\\p{N}_.@/])@([\\p{L}\\p{N}_][\\p{L}\\p{N}_.-]{0,29}[\\p{L}\\p{N}_]|[\\p{L}\\p{N}_])");
    /** A Discord tag of the old form, name#1234 (not "order#1234", "issue#2041"). */
    private static final Pattern DISCORD_TAG =
            Pattern.compile("(?<![\\p{L}\\p{N}_#@./])(\\p{L}[\\p{L}\\p{N}_.]{1,31})#\\d{4}(?![\\p{N}])");

    private static final Set<String> NOT_TAG = WordList.exact("contacts-not-tag.txt");
    private static final Pattern REDDIT = Pattern.compile("(?i)(?<![\\p{L}\\p{N}/])/?u/[A-Za-z0-9_-]{3,20}");
    private static final Set<String> NOT_HANDLE = WordList.exact("contacts-not-handle.txt");

    private static final Pattern URL = Pattern.compile("(?iu)(?:https?://|www\\.)[^\\s<>\"'()]+[^\\s<>\"'().,;:!?\\]]"
            + "|(?<![\\p{L}\\p{N}@.])(?:[a-z0-9-]+\\.)+(?:com|org|net|io|me|co|uk|de|fr|es|ee|ly|app|page|site|blog|art|tv|gg|bio)"
            + "(?:\\.[a-z]{2})?/[^\\s<>\"'()]*[^\\s<>\"'().,;:!?]");
    private static final Pattern SOCIAL = Pattern.compile(
            "(?i)(?:^|[/.])(?:instagram|instagr\\.am|facebook|fb|twitter|x|"
                    + "tiktok|linkedin|reddit|youtube|youtu|github|gitlab|snapchat|threads|bsky|bluesky|mastodon|medium|"
                    + "substack|patreon|onlyfans|linktr|linktree|about(?=\\.me\\b)|carrd|tumblr|pinterest|soundcloud|twitch|vimeo|"
                    + "flickr|behance|dribbble|deviantart|wattpad|ko-fi|buymeacoffee|t|wa|telegram|discord|spotify|strava|"
                    + "myspace|vk|ok|xing|researchgate|orcid|academia|gofundme|justgiving|venmo|paypal|cash|revolut|monzo)\\.");
    private static final Pattern PERSONAL_HOST = Pattern.compile("(?i)\\.(?:github\\.io|gitlab\\.io|wordpress\\.com|"
            + "blogspot\\.com|substack\\.com|carrd\\.co|wixsite\\.com|neocities\\.org|tumblr\\.com|weebly\\.com|"
            + "squarespace\\.com|netlify\\.app|vercel\\.app|bandcamp\\.com|itch\\.io|straw\\.page)");
    private static final Pattern PERSONAL_CUE = Pattern.compile("(?iu)(?:my|our|his|her|their)\\s+(?:own\\s+)?(?:site|"
            + "website|web\\s?site|blog|page|portfolio|channel|profile|link|linktree|shop|store|fundraiser|gofundme|"
            + "account|insta|twitter|tiktok|youtube|facebook|cv|resume|podcast|stream)\\b[^.\\n]{0,25}$");
    private static final Pattern PROFILE_PATH =
            Pattern.compile("(?i)/(?:~|@|u/|user/|users/|in/|profile|people/|" + "author/|member/|channel/|c/)");

    static void find(Scan h) {
        String t = h.text;
        boolean at = t.indexOf('@') >= 0;
        if (at) {
            Matcher m = EMAIL_PLAIN.matcher(t);
            while (m.find()) {
                h.add(Redactor.Kind.EMAIL, m.start(), m.end());
            }
        }
        if (at
                || h.lower.contains(" at ")
                || h.lower.contains("(at)")
                || h.lower.contains("[at]")
                || h.lower.contains("{at}")
                || h.lower.contains("<at>")
                || h.lower.contains("arroba")
                || h.lower.contains("arobase")
                || h.lower.contains("( at )")
                || h.lower.contains("(ät)")) {
            Matcher m = EMAIL.matcher(t);
            while (m.find()) {
                // a spelled "at" needs a spelled or real dot in the domain ("meet at the park. com" aside)
                if (handleAfterWord(m.group())) {
                    continue; // "dm me on insta @its.just.me": a word, a space, then "@" joined to a handle
                }
                if (SENTENCE_DOT.matcher(m.group()).find()) {
                    continue; // "sit at home. It's": a spelled "at", then a sentence's full stop, is no address
                }
                h.add(Redactor.Kind.EMAIL, m.start(), m.end());
            }
            m = EMAIL_PROVIDER.matcher(t);
            while (m.find()) {
                h.add(Redactor.Kind.EMAIL, m.start(), m.end());
            }
        }
        urls(h);
        handles(h);
    }

    /** The words {@link #PLATFORM} starts with: the handle cues are tried only in a text that holds one. */
    private static final Set<String> PLATFORM_WORDS = Set.of(
            "insta",
            "instagram",
            "ig",
            "snap",
            "snapchat",
            "tik",
            "tiktok",
            "twitter",
            "threads",
            "bluesky",
            "bsky",
            "discord",
            "reddit",
            "telegram",
            "tg",
            "twitch",
            "youtube",
            "yt",
            "kik",
            "skype",
            "tumblr",
            "pinterest",
            "fb",
            "facebook",
            "linkedin",
            "xbox",
            "psn",
            "roblox",
            "github",
            "mastodon",
            "wechat",
            "vinted",
            "onlyfans",
            "spotify",
            "soundcloud",
            "deviantart",
            "substack",
            "bereal",
            "wattpad",
            "ao3",
            "letterboxd",
            "strava",
            "grindr",
            "tinder",
            "hinge",
            "bumble",
            "venmo",
            "cash",
            "cashapp",
            "sc",
            "steam",
            "ps3",
            "ps4",
            "ps5",
            "playstation",
            "epic",
            "gamertag");

    private static boolean platformNamed(String lower) {
        int i = 0;
        int n = lower.length();
        while (i < n) {
            while (i < n && !Character.isLetterOrDigit(lower.charAt(i))) {
                i++;
            }
            int s = i;
            while (i < n && Character.isLetterOrDigit(lower.charAt(i))) {
                i++;
            }
            if (i > s && i - s <= 11 && PLATFORM_WORDS.contains(lower.substring(s, i))) {
                return true;
            }
        }
        return false;
    }

    private static final Pattern SPACED_AT = Pattern.compile("(?iu)^([\\p{L}\\p{N}]+)\\s+@(?!\\s)");
    private static final Pattern PLATFORM_P = Pattern.compile("(?iu)" + PLATFORM);

    /** A platform or ordinary word, a space, then "@" written against what follows: a handle, not a spaced e-mail. */
    private static boolean handleAfterWord(String email) {
        Matcher m = SPACED_AT.matcher(email);
        return m.find()
                && (PLATFORM_P.matcher(m.group(1)).matches()
                        || NOT_HANDLE.contains(m.group(1).toLowerCase(java.util.Locale.ROOT))
                        || Names.isCommonWord(m.group(1)));
    }

    private static final Pattern BARE_DOMAIN =
            Pattern.compile("(?iu)(?<![\\p{L}\\p{N}@./])(?:[a-z0-9-]+\\.)+(?:com|co\\.uk|"
                    + "net|org|io|me|art|blog|page|site|dev|xyz|uk|de|fr|es|in|au|ie|co)(?![\\p{L}\\p{N}/])");

    private static void urls(Scan h) {
        // a bare domain after "my site is", "my blog:" names the person's own site
        Matcher d = BARE_DOMAIN.matcher(h.text);
        while (d.find()) {
            if (!h.covered(d.start())
                    && PERSONAL_CUE
                            .matcher(h.text.substring(Math.max(0, d.start() - 60), d.start()))
                            .find()) {
                h.add(Redactor.Kind.URL, d.start(), d.end());
            }
        }
        Matcher m = URL.matcher(h.text);
        while (m.find()) {
            String u = m.group();
            String hostAndPath = u.replaceFirst("(?i)^https?://", "").replaceFirst("(?i)^www\\.", "");
            int slash = hostAndPath.indexOf('/');
            String host = slash < 0 ? hostAndPath : hostAndPath.substring(0, slash);
            String path = slash < 0 ? "" : hostAndPath.substring(slash);
            boolean social = SOCIAL.matcher("." + host + ".").find()
                    && path.length() > 1
                    && !repository(host, path)
                    && !mediaItem(host, path);
            boolean registry = PACKAGE_REGISTRY.matcher(host).matches();
            boolean personal = PERSONAL_HOST.matcher(host + "/").find()
                    || (PROFILE_PATH.matcher(path).find() && !registry)
                    || PERSONAL_CUE
                            .matcher(h.text.substring(Math.max(0, m.start() - 60), m.start()))
                            .find();
            if (social || personal || h.strict) {
                h.add(Redactor.Kind.URL, m.start(), m.end());
            }
        }
    }

    /** Package registries, whose "/@scope/name" paths are npm scopes, not profiles. */
    private static final Pattern PACKAGE_REGISTRY =
            Pattern.compile("(?i)registry\\.(?:npmjs\\.org|yarnpkg\\.com|npmmirror\\.com)|npm\\.pkg\\.github\\.com");

    /** A video, playlist, track or episode on a media host: "youtube.com/watch?v=…", "youtu.be/…", "open.spotify.com/track/…". */
    private static final Pattern MEDIA_ITEM = Pattern.compile("(?i)(?:(?:www\\.|m\\.|music\\.)?youtube\\.com/"
            + "(?:watch\\?|playlist\\?|embed/|shorts/|live/)|youtu\\.be/|open\\.spotify\\.com/"
            + "(?:intl-[a-z]+/)?(?:track|album|playlist|episode|show)/|(?:www\\.)?vimeo\\.com/\\d)");

    /**
     * A link to one video, playlist, track or episode names a work, not a person's profile (the channel or user page,
     * "youtube.com/@name", "youtube.com/channel/…", "open.spotify.com/user/…", stays a personal link; so does a media
     * link after "my channel" or "my podcast").
     */
    private static boolean mediaItem(String host, String path) {
        return MEDIA_ITEM.matcher(host + path).lookingAt();
    }

    private static final Pattern CODE_HOST =
            Pattern.compile("(?i)(?:github\\.com|gitlab\\.com|bitbucket\\.org|codeberg\\.org)");

    /**
     * A link to a repository or into one ("github.com/SWE-agent/test-repo/issues/1") is a reference to code, which
     * agents' tool returns are full of; the owner's profile alone ("github.com/someone") stays a personal link.
     */
    private static boolean repository(String host, String path) {
        if (!CODE_HOST.matcher(host).matches()) {
            return false;
        }
        String[] parts = path.replaceFirst("^/+", "").split("/");
        return parts.length >= 2 && !parts[0].isEmpty() && !parts[1].isEmpty();
    }

    private static void handles(Scan h) {
        Matcher m = HANDLE_AT.matcher(h.text);
        while (m.find()) {
            if (!h.covered(m.start())) {
                h.add(Redactor.Kind.HANDLE, m.start(), m.end());
            }
        }
        m = HANDLE_CUE.matcher(h.text);
        while (platformNamed(h.lower) && m.find()) {
            String v = m.group(1);
            String bare = v.startsWith("@") || v.startsWith("$") ? v.substring(1) : v;
            if (NOT_HANDLE.contains(bare.toLowerCase(java.util.Locale.ROOT)) || h.covered(m.start(1))) {
                continue;
            }
            // "x" and "line", "of", "tt", "sc", "signal" are also words: only with a colon, "is" or an @
            String cueText = m.group().substring(0, m.start(1) - m.start()).toLowerCase(java.util.Locale.ROOT);
            boolean explicit = cueText.contains(":")
                    || cueText.contains(" is")
                    || cueText.contains("@")
                    || cueText.matches("(?s).*(?:['’]s|\\bits|\\bit['’]s|\\bist|\\bes|\\best|c['’]est)\\s*$")
                    || cueText.contains("handle")
                    || cueText.contains("user")
                    || cueText.contains("name")
                    || cueText.contains("=")
                    || cueText.contains(" as ")
                    || cueText.contains("under");
            String word = cueText.strip().split("[\\s:=@-]+")[0];
            boolean weakPlatform = Set.of(
                            "x", "line", "of", "tt", "sc", "signal", "steam", "ig", "yt", "tg", "fb", "spotify",
                            "hinge", "psn", "xbox", "epic")
                    .contains(word);
            if (v.startsWith("$") && (!cueText.startsWith("cash") || !Character.isLetter(bare.charAt(0)))) {
                continue; // a "$cashtag" only after Cash App ("twitter is worth $9.2B" is money)
            }
            if (weakPlatform && !explicit) {
                continue;
            }
            boolean shaped = cueText.contains(":")
                    || cueText.contains("@")
                    || cueText.contains("handle")
                    || cueText.contains("user")
                    || cueText.contains("name")
                    || cueText.contains("=");
            if (!shaped && !bare.matches(".*[\\d_.].*") && Names.isCommonWord(bare)) {
                continue; // "on insta every night", "my insta is dead", "twitter is worth $9bn"
            }
            Matcher digits = GAMERTAG_DIGITS.matcher(h.text).region(m.end(1), h.text.length());
            boolean gamer = Set.of("xbox", "psn", "steam", "gamertag").contains(word) || cueText.contains("gamertag");
            h.add(Redactor.Kind.HANDLE, m.start(1), gamer && digits.lookingAt() ? digits.end() : m.end(1));
        }
        m = HANDLE_BEFORE_PLATFORM.matcher(h.text);
        while (m.find()) {
            if (!h.covered(m.start(1))) {
                h.add(Redactor.Kind.HANDLE, m.start(1), m.end(1));
            }
        }
        m = CASHTAG.matcher(h.text);
        while (h.text.indexOf('$') >= 0 && m.find()) {
            if (!h.covered(m.start())) {
                h.add(Redactor.Kind.HANDLE, m.start(), m.end());
            }
        }
        m = DISCORD_TAG.matcher(h.text);
        while (h.text.indexOf('#') >= 0 && m.find()) {
            if (!h.covered(m.start()) && !NOT_TAG.contains(m.group(1).toLowerCase(java.util.Locale.ROOT))) {
                h.add(Redactor.Kind.HANDLE, m.start(), m.end());
            }
        }
        m = REDDIT.matcher(h.text);
        while (m.find()) {
            if (!h.covered(m.start())) {
                h.add(Redactor.Kind.HANDLE, m.start(), m.end());
            }
        }
    }
}
