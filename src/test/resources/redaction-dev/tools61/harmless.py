# Development set dev24 (issue 47, round 61): harmless tool output full of capitalised words that name things, not
# people — API JSON with products, colours and places; log lines of services named like people (Jenkins, Hudson,
# Cassandra); product catalogues; weather for cities that are also given names; stock tickers of companies named
# after their founders; code and stack traces; file listings; git logs with bots as authors; calendar entries with
# event titles; recipe steps with dishes named after people; sports results; song and film titles; medication
# names; headings in Title Case. Written here before any rule change of round 61; no held-out text was read. Values
# drawn at random (fixed seed). Tuned on.
# Run from src/test/resources/redaction-dev: python3 tools61/harmless.py > dev24.jsonl
import json, random
R = random.Random(6124)
def pick(*xs): return R.choice(xs)
def n(a, b): return R.randint(a, b)
def date(): return f"2026-{n(1,12):02d}-{n(1,28):02d}"
def hx(k): return ''.join(R.choice('0123456789abcdef') for _ in range(k))
MONTHS = ["Jan","Feb","Mar","Apr","May","Jun","Jul","Aug","Sep","Oct","Nov","Dec"]
T = []
def add(g, t): T.append((g, t))

# API JSON: products, colours, materials and places named like people
COLOURS = ["Olive", "Hazel", "Ruby", "Amber", "Ivy", "Rose", "Pearl", "Ginger", "Jade", "Violet", "Scarlett", "Sienna", "Coral", "Dawn Grey", "Heather", "Sage"]
PRODUCTS = ["Aurora Desk Lamp", "Matilda Armchair", "Harper Bookshelf", "Lincoln Sofa Bed", "Florence Table", "Camden Duvet Cover", "Marlowe Rug", "Chester Coffee Table", "Stanley Thermos", "Darcy Sideboard", "Sophia Pendant", "Austin Office Chair", "Beckett Bar Stool", "Quinn Side Table", "Elliot Wardrobe"]
BRANDS = ["Dyson", "Philips", "Bosch", "Siemens", "Hamilton Beach", "Russell Hobbs", "Morphy Richards", "Tommy Hilfiger", "Calvin Klein", "Ralph Lauren", "Hugo Boss", "Kenneth Cole", "Marc Jacobs", "Ted Baker", "Paul Smith", "Vera Wang"]
for i in range(24):
    add("api", pick(
        json.dumps({"sku": f"SKU-{n(10000,99999)}", "name": pick(*PRODUCTS), "colour": pick(*COLOURS), "price": {"amount": n(19, 899), "currency": pick("GBP", "EUR", "USD")}, "in_stock": pick(True, False)}),
        json.dumps({"id": n(1000, 99999), "brand": pick(*BRANDS), "title": f"{pick(*BRANDS)} {pick('Cordless Vacuum', 'Hair Dryer', 'Kettle', 'Toaster', 'Polo Shirt', 'Wallet', 'Watch')}", "rating": round(R.uniform(2.5, 5), 1), "reviews": n(3, 9000)}),
        json.dumps({"results": [{"name": pick(*PRODUCTS), "variant": pick(*COLOURS)}, {"name": pick(*PRODUCTS), "variant": pick(*COLOURS)}], "page": 1, "total": n(2, 80)}),
        f'{{"order_id": "ORD-{n(100000,999999)}", "status": "{pick("shipped", "packed", "delivered")}", "items": [{{"product": "{pick(*PRODUCTS)}", "qty": {n(1,4)}}}], "carrier": "{pick("Royal Mail", "DPD", "Evri", "FedEx", "UPS")}"}}',
        f'{{"store": {{"name": "{pick("Westfield", "Bluewater", "Meadowhall", "Trafford Centre", "Cabot Circus")}", "city": "{pick("Austin", "Charlotte", "Florence", "Victoria", "Adelaide", "Regina", "Eugene")}"}}, "open": "09:00", "close": "{n(17,21)}:00"}}'))

# log lines of services and tools named like people
SERVICES = ["jenkins", "Jenkins", "Hudson", "Cassandra", "Kafka", "Sinatra", "Phoenix", "Jasper", "Celery", "Airflow", "Grafana", "Sidekiq", "Puma", "Unicorn", "Nginx", "Envoy", "Consul", "Vault", "Nomad", "Tomcat", "Jetty", "Jupyter", "Argo", "Harbor", "Keycloak"]
for i in range(26):
    s = pick(*SERVICES)
    add("log", pick(
        f"{date()}T{n(0,23):02d}:{n(0,59):02d}:{n(0,59):02d}Z INFO  [{s}] Build #{n(10,999)} finished: {pick('SUCCESS', 'FAILURE', 'UNSTABLE')}",
        f"[{pick('WARN', 'ERROR', 'INFO')}] {date()} {n(0,23):02d}:{n(0,59):02d} {s}: node {pick('cass-1', 'kafka-broker-2', 'worker-3')} {pick('is down', 'rejoined the cluster', 'lagging by 12s', 'restarted')}",
        f"{MONTHS[n(0,11)]} {n(1,28)} {n(0,23):02d}:{n(0,59):02d}:{n(0,59):02d} web-{n(1,9)} {s}[{n(100,9999)}]: Started {pick('Phoenix Endpoint', 'Sinatra app', 'Jasper Reports Server', 'Hudson Agent', 'Consul Agent')} on port {n(3000,9999)}",
        f"level=info ts={date()}T10:{n(10,59)}:00Z caller=main.go:{n(10,300)} component={s} msg=\"{pick('Loaded config', 'Starting Grafana', 'Server is ready', 'Completed compaction')}\"",
        f"{s} | {pick('Scheduler', 'Worker', 'Beat', 'Webserver')} started; queue={pick('default', 'emails', 'reports')} concurrency={n(1,16)}"))

# product catalogue lines
for i in range(14):
    add("catalogue", pick(
        f"{pick(*PRODUCTS)} — {pick(*COLOURS)} velvet, W{n(40,220)} x D{n(40,100)} cm. £{n(99,1499)}. Free delivery.",
        f"| {pick(*PRODUCTS)} | {pick(*COLOURS)} | {n(1,40)} in stock | £{n(20,900)} |",
        f"New in: the {pick(*PRODUCTS)} in {pick(*COLOURS)} and {pick(*COLOURS)}. Pairs well with the {pick(*PRODUCTS)}.",
        f"{pick('Bestseller', 'Sale', 'Clearance')}: {pick(*BRANDS)} {pick('Chelsea Boots', 'Oxford Shoes', 'Derby Shoes', 'Wellington Boots', 'Mary Jane Flats', 'Stanley Knife')} size {n(3,12)}"))

# weather for cities that are also given names
CITIES = [("Austin", "TX"), ("Charlotte", "NC"), ("Madison", "WI"), ("Eugene", "OR"), ("Tyler", "TX"), ("Savannah", "GA"), ("Florence", "IT"), ("Victoria", "BC"), ("Adelaide", "SA"), ("Regina", "SK"), ("Lafayette", "LA"), ("Jackson", "MS"), ("Lincoln", "NE"), ("Augusta", "GA"), ("Helena", "MT"), ("Chester", "UK"), ("Camden", "NJ"), ("Hamilton", "ON"), ("Darwin", "NT"), ("Nelson", "NZ")]
for i in range(18):
    c, r = pick(*CITIES)
    add("weather", pick(
        f"Forecast for {c}, {r}: High {n(5,38)}°C, Low {n(-5,25)}°C, {pick('Partly Cloudy', 'Sunny', 'Light Rain', 'Thunderstorms', 'Fog')}. Wind {pick('NW', 'SE', 'W')} {n(5,40)} km/h.",
        json.dumps({"location": {"name": c, "region": r}, "current": {"temp_c": n(-3, 36), "condition": {"text": pick("Overcast", "Clear", "Patchy rain possible")}, "humidity": n(20, 99)}}),
        f"{c}: {n(10,30)}° {pick('☀', '☁', '🌧')}  Tomorrow: {n(10,30)}° / {n(0,15)}°  UV index {n(1,11)}",
        f"Weather alert for {c} County: {pick('Heat Advisory', 'Winter Storm Warning', 'Flood Watch', 'Wind Advisory')} in effect until {n(1,12)} {pick('AM', 'PM')} {pick('CDT', 'EST', 'PST')}."))

# stock tickers of companies named after people
TICK = [("F", "Ford Motor Co"), ("DELL", "Dell Technologies"), ("DIS", "Walt Disney Co"), ("LLY", "Eli Lilly and Co"), ("JNJ", "Johnson & Johnson"), ("MS", "Morgan Stanley"), ("GS", "Goldman Sachs"), ("SCHW", "Charles Schwab"), ("WFC", "Wells Fargo"), ("MAR", "Marriott International"), ("HLT", "Hilton Worldwide"), ("MCD", "McDonald's"), ("WEN", "Wendy's Co"), ("TSLA", "Tesla Inc"), ("RACE", "Ferrari NV"), ("PM", "Philip Morris"), ("KHC", "Kraft Heinz"), ("TRV", "Travelers"), ("HD", "Home Depot"), ("JWN", "Nordstrom")]
for i in range(16):
    t, nm = pick(*TICK)
    p = round(R.uniform(5, 900), 2)
    add("ticker", pick(
        f"{t}  {nm}  {p}  {pick('+', '-')}{round(R.uniform(0, 5), 2)}%  Vol {n(1,90)}.{n(0,9)}M",
        json.dumps({"symbol": t, "shortName": nm, "regularMarketPrice": p, "currency": "USD", "exchange": pick("NYSE", "NASDAQ")}),
        f"{nm} ({t}) closed at ${p}, {pick('up', 'down')} {round(R.uniform(0, 4), 1)}% after {pick('earnings', 'an analyst upgrade', 'guidance cut')}.",
        f"Watchlist: {t} {p} | {pick(*TICK)[0]} {round(R.uniform(5, 900), 2)} | {pick(*TICK)[0]} {round(R.uniform(5, 900), 2)}"))

# code and stack traces
CLS = ["Jasper", "Hudson", "Sinatra", "Phoenix", "Gatsby", "Hugo", "Jekyll", "Django", "Flask", "Julia", "Ruby", "Ada", "Pascal", "Grace", "Alice", "Bob", "Victor"]
for i in range(18):
    c = pick(*CLS)
    add("code", pick(
        f"Traceback (most recent call last):\n  File \"/app/{c.lower()}/handlers.py\", line {n(10,400)}, in render\n    return Template(src).render(ctx)\nKeyError: '{pick('title', 'slug', 'author_id')}'",
        f"Exception in thread \"main\" java.lang.IllegalStateException: {c}Context not initialised\n\tat org.example.{c.lower()}.{c}Loader.load({c}Loader.java:{n(20,300)})\n\tat org.example.App.main(App.java:{n(5,60)})",
        f"error[E0425]: cannot find value `{c.lower()}_config` in this scope\n --> src/main.rs:{n(3,90)}:{n(1,40)}",
        f"class {c}Adapter(BaseAdapter):\n    \"\"\"Adapter for the {c} API.\"\"\"\n    timeout = {n(5,60)}",
        f"const {{ {c}Client }} = require('@acme/{c.lower()}-sdk');\nconst client = new {c}Client({{ region: '{pick('us-east-1', 'eu-west-2')}' }});",
        f"FAILED tests/test_{c.lower()}.py::test_{pick('parse', 'render', 'retry')} - AssertionError: assert {n(1,9)} == {n(10,20)}"))

# file listings
FILES = ["Grace_Hopper_Lecture_Notes.pdf", "Madison_Office_Floorplan.dwg", "Victoria_Station_Timetable.csv", "Q3_Review_Charlotte_Branch.xlsx", "Lincoln_Park_Photos.zip", "Jordan_River_Map.png", "Florence_Trip_Itinerary.docx", "Austin_Warehouse_Inventory.xlsx", "README.md", "CHANGELOG.md", "Makefile", "Dockerfile"]
for i in range(12):
    fs = R.sample(FILES, 4)
    add("files", pick(
        "\n".join(f"-rw-r--r--  1 runner staff  {n(100,900000):>7} {MONTHS[n(0,11)]} {n(1,28):>2} {n(10,23)}:{n(10,59)} {f}" for f in fs),
        "\n".join(f"{n(1,999)}K\t./{f}" for f in fs),
        f"Found {len(fs)} files:\n" + "\n".join(f"  - /shared/drive/{f}" for f in fs),
        json.dumps({"files": [{"name": f, "size": n(1, 9000)} for f in fs]})))

# git logs with no person as author
for i in range(14):
    add("git", pick(
        f"commit {hx(40)}\nAuthor: dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>\nDate:   {pick('Mon', 'Tue', 'Wed')} {MONTHS[n(0,11)]} {n(1,28)} 10:{n(10,59)}:00 2026 +0000\n\n    Bump {pick('jackson-databind', 'Hudson plugin', 'sinatra', 'phoenix_html', 'jasper-reports')} from {n(1,5)}.{n(0,9)} to {n(1,5)}.{n(0,9)}",
        f"{hx(7)} {pick('Fix', 'Add', 'Refactor')} {pick('Jasper report export', 'Sinatra routes', 'Phoenix LiveView', 'Jenkinsfile stages', 'Cassandra driver retry', 'Marshmallow schema')} ({pick('#', 'GH-')}{n(10,999)})",
        f"* {hx(7)} (HEAD -> main, origin/main) Merge branch 'feature/{pick('aurora', 'atlas', 'juniper', 'willow', 'hazel')}-search'\n* {hx(7)} Update docs for the {pick('Florence', 'Victoria', 'Lincoln')} release",
        f"tag v{n(1,9)}.{n(0,20)}.0 \"{pick('Juniper', 'Hazel', 'Willow', 'Maple', 'Aspen', 'Rowan', 'Autumn')}\" — release notes: {pick('faster search', 'new Kafka sink', 'Grafana dashboards')}"))

# calendar entries with event titles
EVENTS = ["Sprint Planning", "Design Review: Aurora Dashboard", "Project Phoenix Kickoff", "Lunch & Learn: Kafka Streams", "Quarterly Business Review", "Team Offsite at Lake Tahoe", "Juniper Migration Sync", "All Hands", "Retro — Sprint 42", "Hazel Roadmap Workshop", "Coffee Chat", "Interview Loop: Backend", "Budget Planning FY27", "Victoria Office Opening", "Ada Lovelace Day Talk", "Town Hall", "Security Training", "Jasper Reports Demo", "Grace Period Ends", "Charlotte Site Visit"]
for i in range(18):
    e = pick(*EVENTS)
    add("calendar", pick(
        json.dumps({"summary": e, "start": {"dateTime": f"{date()}T{n(8,17):02d}:00:00Z"}, "location": pick("Room Lovelace", "Room Turing", "Zoom", "Hopper Suite", "Fleming Room", "Kepler 3F"), "status": "confirmed"}),
        f"{pick('Mon', 'Tue', 'Wed', 'Thu', 'Fri')} {n(8,17)}:00–{n(9,18)}:30  {e}  ({pick('Room Lovelace', 'Kepler 3F', 'Google Meet')})",
        f"BEGIN:VEVENT\nSUMMARY:{e}\nDTSTART:{date().replace('-', '')}T{n(8,17):02d}0000Z\nLOCATION:{pick('Room Darwin', 'Room Newton', 'Main Hall')}\nEND:VEVENT",
        f"Reminder: \"{e}\" starts in {n(5,30)} minutes."))

# recipe steps with dishes named after people
DISH = ["Beef Wellington", "Eggs Benedict", "Caesar salad", "Peach Melba", "Pavlova", "Pizza Margherita", "Earl Grey tea", "Bloody Mary", "Tom Collins", "Shirley Temple", "Arnold Palmer", "Chicken Marsala", "Oysters Rockefeller", "Bananas Foster", "Lobster Newburg", "Granny Smith apples", "Victoria sponge", "Charlotte Russe", "Madeleines", "Nachos"]
for i in range(16):
    d_ = pick(*DISH)
    add("recipe", pick(
        f"Step {n(1,8)}: Preheat the oven to {n(160,230)}°C. {pick('Brush', 'Top', 'Serve')} the {d_} with {pick('Parmesan', 'Gruyère', 'Dijon mustard', 'Worcestershire sauce', 'Tabasco')}.",
        f"{d_} — serves {n(2,8)}. Prep {n(5,40)} min, cook {n(10,90)} min. Ingredients: {pick('2 eggs', '200 g flour', '1 tbsp Marsala')}, {pick('Maldon salt', 'Demerara sugar', 'Bramley apples')}.",
        f"{n(1,6)}. Whisk the {pick('Hollandaise', 'Béarnaise', 'Mornay')} until glossy, then spoon over the {d_}.",
        json.dumps({"recipe": d_, "cuisine": pick("British", "Italian", "American", "French"), "rating": round(R.uniform(3, 5), 1), "time_minutes": n(10, 180)})))

# sports results
TEAMS = ["Arsenal", "Chelsea", "Everton", "Aston Villa", "Preston North End", "Lincoln City", "Charlton Athletic", "Orlando City", "Charlotte FC", "Austin FC", "Orlando Magic", "Utah Jazz", "Denver Nuggets", "Boston Celtics", "San Jose Sharks", "St. Louis Blues", "Hamilton Tiger-Cats", "Victoria Royals", "Adelaide United", "Wellington Phoenix"]
for i in range(16):
    a, b = R.sample(TEAMS, 2)
    add("sport", pick(
        f"FT: {a} {n(0,5)}–{n(0,5)} {b}",
        f"{a} {n(80,130)}, {b} {n(80,130)} (Final/OT)",
        json.dumps({"home": a, "away": b, "score": f"{n(0,6)}-{n(0,6)}", "status": "FT", "venue": pick("Stamford Bridge", "Goodison Park", "Villa Park", "Deepdale", "Madison Square Garden", "Ball Arena")}),
        f"Standings: 1. {a} {n(40,80)} pts  2. {b} {n(30,70)} pts  3. {pick(*TEAMS)} {n(20,60)} pts"))

# songs and films
SONGS = ["Jolene", "Roxanne", "Layla", "Hey Jude", "Billie Jean", "Gloria", "Angie", "Valerie", "Michelle", "Sweet Caroline", "Mr. Brightside", "Hallelujah", "Wonderwall", "Ruby Tuesday", "Visions of Johanna", "Suzanne", "Rhiannon", "Delilah", "Proud Mary", "Come On Eileen"]
FILMS = ["Forrest Gump", "Annie Hall", "Amélie", "Juno", "Carol", "Lucy", "Matilda", "Rebecca", "Nomadland", "Lady Bird", "Erin Brockovich", "Edward Scissorhands", "Jerry Maguire", "Napoleon", "Oppenheimer", "Barbie", "Elvis", "Maestro", "Tár", "Rocky"]
for i in range(16):
    add("media", pick(
        json.dumps({"track": pick(*SONGS), "album": pick("Greatest Hits", "Rumours", "Thriller", "Live at Wembley"), "duration_ms": n(120000, 420000), "explicit": False}),
        f"Now playing: {pick(*SONGS)} ({n(2,5)}:{n(10,59)}) — up next: {pick(*SONGS)}",
        json.dumps({"title": pick(*FILMS), "year": n(1975, 2025), "runtime": n(85, 190), "genres": [pick("Drama", "Comedy", "Biography")], "imdb_rating": round(R.uniform(5, 9), 1)}),
        f"Showtimes today: {pick(*FILMS)} 14:30, 17:45, 20:10 | {pick(*FILMS)} 15:00, 19:30",
        f"Playlist \"{pick('Sunday Morning', 'Road Trip', 'Focus')}\": 1. {pick(*SONGS)}  2. {pick(*SONGS)}  3. {pick(*SONGS)}"))

# medications
MEDS = ["Lyrica", "Valium", "Ativan", "Xanax", "Allegra", "Claritin", "Lasix", "Keppra", "Paxil", "Celexa", "Abilify", "Seroquel", "Zyrtec", "Flonase", "Lantus", "Januvia", "Eliquis", "Xarelto", "Cialis", "Ozempic"]
for i in range(14):
    m = pick(*MEDS)
    add("medication", pick(
        json.dumps({"drug": m, "strength": f"{pick(5, 10, 20, 50, 100)} mg", "form": pick("tablet", "capsule", "injection"), "interactions": [pick(*MEDS)]}),
        f"{m} {pick(5, 10, 25)} mg — {pick('take once daily', 'twice daily with food', 'as needed')}. Do not combine with {pick(*MEDS)}.",
        f"Formulary: {m} (tier {n(1,4)}), {pick(*MEDS)} (tier {n(1,4)}), {pick(*MEDS)} (tier {n(1,4)})",
        f"Drug interaction check: {m} + {pick(*MEDS)} → {pick('moderate', 'minor', 'major')}"))

# headings in Title Case
HEAD = ["Getting Started With Phoenix LiveView", "Migrating From Jenkins To GitHub Actions", "Release Notes For Version 4.2 (Juniper)", "How Grace Hooks Work", "Frequently Asked Questions", "Known Issues In The Victoria Release", "Setting Up Cassandra On Kubernetes", "Why We Moved Off Heroku", "The Madison Office Reopens", "Best Coffee Shops In Austin", "A Walking Tour Of Florence", "Ten Hikes Near Eugene", "What's New In Julia 1.11", "Summer Sale Starts Monday", "Meet The Aurora Team", "Welcome To Savannah"]
for i in range(14):
    add("heading", pick(
        f"# {pick(*HEAD)}\n\n{pick('This guide covers setup and first steps.', 'Read this before upgrading.', 'Updated for 2026.')}",
        f"## {pick(*HEAD)}",
        f"{pick(*HEAD)} | {pick('Docs', 'Blog', 'Help Centre')}",
        json.dumps({"title": pick(*HEAD), "url": f"https://example.org/{hx(6)}", "snippet": pick("Step-by-step guide.", "Updated last week.", "5 min read")})))

# places, companies and misc
for i in range(18):
    add("places", pick(
        f"Nearby: {pick('St. Mary Hospital', 'Lincoln Memorial', 'Washington Square Park', 'Jefferson Library', 'Franklin Institute', 'Kingston Bridge', 'Victoria Coach Station')} ({round(R.uniform(0.1, 9), 1)} km)",
        json.dumps({"company": pick("Morgan Stanley", "Johnson & Johnson", "Procter & Gamble", "Marks & Spencer", "Sainsbury's", "Ben & Jerry's", "Dolce & Gabbana", "Baker McKenzie", "Deloitte", "Ernst & Young", "Lloyds Bank", "Barclays"), "industry": pick("Finance", "Retail", "Legal", "Consumer goods"), "employees": n(100, 300000)}),
        f"Route: {pick('Austin', 'Charlotte', 'Madison')} → {pick('Savannah', 'Jackson', 'Lincoln', 'Augusta')} via I-{n(10,95)}, {n(100,900)} mi, {n(2,14)} h",
        f"Flight {pick('BA', 'AA', 'LH', 'EI')}{n(100,999)} to {pick('Florence', 'Victoria', 'Adelaide', 'Nelson', 'Hamilton')} departs Gate {pick('A', 'B', 'C')}{n(1,40)} at {n(6,22)}:{n(10,59)}",
        f"Hotel: {pick('The Savoy', 'Hotel Marlowe', 'The Jefferson', 'The Franklin', 'Hotel Victor', 'The Langham')}, {n(2,5)} stars, £{n(90,600)}/night, {pick('breakfast included', 'no breakfast', 'free cancellation')}"))

for i, (g, t) in enumerate(T):
    print(json.dumps({"id": f"t61-{i:03d}-{g}", "locale": "en", "text": t, "pii": []}, ensure_ascii=False))
