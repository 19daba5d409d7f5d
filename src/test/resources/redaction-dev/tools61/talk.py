# Development set dev26 (issue 47, round 61): harmless tool returns in the genres issue 47's held-out README lists for
# its harmless messages (holidays, talk about keys with placeholders, amounts, dates, reference numbers, machine ids),
# written here in wrappings dev23 lacks: greetings, shop and out-of-office notices, Slack statuses, payroll and
# billing notices, UI strings in Title Case, dashboard rows, webhook events with capitalised labels. No held-out text
# was read. Values drawn at random (fixed seed), written before the rules they were measured against. Tuned on.
# Run from src/test/resources/redaction-dev: python3 tools61/talk.py > dev26.jsonl
import json, random, string
R = random.Random(6126)
def pick(*xs): return R.choice(xs)
def n(a, b): return R.randint(a, b)
def al(k): return ''.join(R.choice(string.ascii_letters + string.digits) for _ in range(k))
def hx(k): return ''.join(R.choice('0123456789abcdef') for _ in range(k))
MONTHS = ["January","February","March","April","May","June","July","August","September","October","November","December"]
HOL = ["Martin Luther King Day", "MLK Day", "Presidents Day", "Washington's Birthday", "Lincoln's Birthday", "Valentines Day",
       "Saint Valentine's Day", "St. Patrick's Day", "Paddy's Day", "Bonfire Night", "Guy Fawkes Day", "Boxing Day", "Burns Supper",
       "the King's Birthday", "Robert E. Lee Day", "Cesar Chavez Day", "Harvey Milk Day", "Emancipation Day", "Victoria Day", "Family Day",
       "St. Jean Baptiste Day", "Simón Bolívar Day", "Benito Juárez Day", "Rizal Day", "Columbus Day", "Thomas Jefferson's Birthday",
       "Mother's Day", "Father's Day", "St. Nicholas Day", "Saint Lucy's Day", "St. John's Eve", "St. Joseph's Day", "St. Stephen's Day",
       "St. Andrew's Day", "Martinmas", "Michaelmas", "Nelson Mandela Day", "Heroes' Day", "Kenyatta Day", "Seretse Khama Day",
       "Kamehameha Day", "Prince Kuhio Day", "Casimir Pulaski Day", "Pioneer Day", "Patriots' Day", "Juneteenth", "Lady Day",
       "St. David's Day", "St. George's Day", "Good Friday", "Easter Monday", "Whitsun", "Boxing Day", "Hogmanay", "Epiphany"]
T = []
def add(g, t): T.append((g, t))
for i in range(70):
    h = HOL[i % len(HOL)] if i < len(HOL) else pick(*HOL)
    d = f"{n(1,28)} {pick(*MONTHS)}"
    add("holiday", pick(
        f"Happy {h}! Our support team is offline today and back tomorrow.",
        f"Out of office: closed for {h} ({d}). Urgent issues: open a ticket.",
        f"{h} Sale — {n(10,50)}% off everything until midnight. Use code {pick('LOVE', 'GREEN', 'BONFIRE', 'HOLIDAY')}{n(10,30)}.",
        f"Slack status: 🌴 Off for {h}, back {pick('Monday', 'Tuesday', 'Wednesday')}",
        f"Payroll note: {h} falls on a {pick('Monday', 'Friday', 'Saturday')} this year; pay date moves to {d}.",
        f"Reminder — {h} is a bank holiday in {pick('England', 'Scotland', 'Ireland', 'Virginia', 'Texas', 'Ontario', 'the Philippines', 'Kenya')}. Transfers sent after 4pm arrive the next working day.",
        f"{{\"holiday\": \"{h}\", \"date\": \"2026-{n(1,12):02d}-{n(1,28):02d}\", \"observed\": {pick('true', 'false')}, \"region\": \"{pick('US-VA', 'GB-SCT', 'IE', 'CA-ON', 'PH', 'KE')}\"}}",
        f"Upcoming: {h} ({d}), then {pick(*HOL)}.",
        f"Deliveries scheduled for {h} will arrive a day late.",
        f"Did you know? {h} has been observed since {n(1850, 2020)}."))
PROV = ["OpenAI", "Anthropic", "Stripe", "GitHub", "GitLab", "Slack", "Twilio", "SendGrid", "Mailgun", "Heroku", "Vercel", "Netlify", "Cloudflare", "Datadog", "Sentry", "Hugging Face", "Pinecone", "Supabase"]
for i in range(45):
    p = pick(*PROV)
    add("keytalk", pick(
        f"To create a key, open {p} → Settings → API Keys → Create New Secret Key, then paste it as {p.upper().replace(' ', '_')}_API_KEY.",
        f"Revoke Key | Copy | Rename — {p} key \"{pick('Production', 'Staging', 'Local Dev', 'Grace Period Test')}\" last used {n(1,30)} days ago",
        f"Your {p} token expires in {n(1,30)} days. Rotate it under Account → Security → Tokens.",
        f"Warning: the {p} key in .env looks like a placeholder (\"{pick('your-key-here', 'xxxx', 'REPLACE_ME', '<key>')}\").",
        f"Grant Access to {p}? This app will be able to: Read Repositories, Write Issues.",
        f"Invalid API key provided: {pick('sk-', 'sk_test_', 'ghp_', 'xoxb-')}****{al(4)}. You can find your key at https://dashboard.example.com/keys.",
        f"{p} Webhook Signing Secret: ••••••••{al(4)} (Reveal)",
        f"Scopes: Admin, Read Only, Billing. Key Owner: Service Account \"{pick('ci-bot', 'deploy-bot', 'etl-runner')}\"",
        f"Rate limit reached for {p} key ending {al(4)}: {n(10,500)} requests per minute. Retry after {n(1,60)}s."))
CUR = ["USD", "EUR", "GBP", "INR", "AUD", "CAD", "CHF", "JPY"]
for i in range(45):
    add("amount", pick(
        f"Invoice Paid — {pick('Acme Corp', 'Northwind Traders', 'Globex', 'Initech', 'Umbrella Ltd')} paid {pick(*CUR)} {n(10,9999)}.{n(10,99)} on {n(1,28)} {pick(*MONTHS)} 2026.",
        f"Payment Received: £{n(1,999)}.{n(10,99)} from Standing Order REF {n(100000,999999)}",
        f"Statement Balance {pick(*CUR)} {n(100,99999)}.{n(10,99)} | Minimum Due {n(10,400)}.00 | Due Date {pick(*MONTHS)} {n(1,28)}",
        f"Refund Issued — Order #{n(10000,99999)} — {pick(*CUR)} {n(5,500)}.{n(10,99)} to Visa ending {n(1000,9999)}",
        f"Charge succeeded: ch_{al(24)} amount={n(100,99999)} currency={pick('usd', 'eur', 'gbp')} description=\"{pick('Pro Plan (Monthly)', 'Team Plan – Annual', 'Seat Add-on')}\"",
        f"Your Direct Debit of €{n(10,300)}.{n(10,99)} to {pick('Electric Ireland', 'Vodafone', 'Bord Gáis', 'Virgin Media')} will be collected on {n(1,28)} {pick(*MONTHS)}.",
        f"Quote Q-{n(1000,9999)}: Subtotal ${n(100,9999)}.00, Tax ${n(1,900)}.{n(10,99)}, Total ${n(200,12000)}.{n(10,99)}. Valid Until {pick(*MONTHS)} {n(1,28)}, 2026."))
for i in range(40):
    add("reference", pick(
        f"Claim No. {pick('CLM', 'AX', 'HC')}-{n(100000,999999)} — Status: Under Review — Adjuster Notes: awaiting photos",
        f"Case ID {n(10000000,99999999)} | Priority: High | Category: Billing | Opened: {n(1,28)} {pick(*MONTHS)}",
        f"Your Booking Reference is {''.join(R.choice(string.ascii_uppercase) for _ in range(6))}. Check-in opens {n(24,48)} hours before departure.",
        f"RMA {n(100000,999999)} approved. Return Label attached; drop off at any {pick('UPS Access Point', 'Post Office', 'InPost locker')}.",
        f"PO Number: PO-{n(2026,2026)}-{n(1000,9999)} | Vendor: {pick('Acme Corp', 'Globex', 'Initech')} | Terms: Net 30",
        f"Ticket INC{n(1000000,9999999)} resolved — Root Cause: Expired Certificate; Resolution: Renewed via ACME.",
        f"Tracking Number {n(100000000000,999999999999)} — Out For Delivery — Estimated Arrival {n(9,12)}:00–{n(13,18)}:00",
        f"Request ID req_{al(14)} · Trace {hx(32)} · Region {pick('us-east-1', 'eu-west-1')}"))
for i in range(20):
    add("ids", pick(
        f"Customer cus_{al(14)} — Default Payment Method pm_{al(24)} — Created {n(1,28)} {pick(*MONTHS)} 2026",
        f"Tool Call toolu_{al(24)} returned Status: OK in {n(50,900)} ms",
        f"Run {hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)} Completed · Model: gpt-4o · Eval Set: Holiday Questions v{n(1,5)}",
        f"Commit {hx(40)} — Merge Pull Request #{n(10,999)} From feature/holiday-banner"))
for i, (g, t) in enumerate(T):
    print(json.dumps({"id": f"t61t-{i:03d}-{g}", "locale": "en", "text": t, "pii": []}, ensure_ascii=False))
