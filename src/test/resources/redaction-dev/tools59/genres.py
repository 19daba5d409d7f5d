# Development set dev19 (issue 47, last false-positive figure, round 59): harmless text of genres the earlier sets
# lack, as agents' tools return it and users paste it: API error bodies and HTTP headers, package manifests and
# lockfiles, stack traces, SQL results and query plans, CSV/TSV rows of business data, abstracts with no authors,
# recipes, sports fixtures, weather and transit timetables, chess notation, maths and units, markdown tables, git log
# lines with no person, Docker and Kubernetes output, product and travel text in de/fr/es/it/nl, public places with
# their addresses, dates and times in many formats, holidays, amounts, reference numbers and talk about keys with
# placeholders. Values drawn at random (fixed seed). Written here, tuned on.
# Run from src/test/resources/redaction-dev: python3 tools59/genres.py
import json, random, string
R = random.Random(5960)
def d(n): return ''.join(R.choice(string.digits) for _ in range(n))
def h(n): return ''.join(R.choice('0123456789abcdef') for _ in range(n))
def up(n): return ''.join(R.choice(string.ascii_uppercase) for _ in range(n))
def an(n): return ''.join(R.choice(string.ascii_uppercase + string.digits) for _ in range(n))
def al(n): return ''.join(R.choice(string.ascii_letters + string.digits) for _ in range(n))
def date(): return f"20{R.randint(20,26)}-{R.randint(1,12):02d}-{R.randint(1,28):02d}"
def ts(): return f"{date()}T{R.randint(0,23):02d}:{R.randint(0,59):02d}:{R.randint(0,59):02d}.{d(3)}Z"
def ver(): return f"{R.randint(0,20)}.{R.randint(0,40)}.{R.randint(0,30)}"
def money(): return R.choice(['$', '£', '€']) + f"{R.randint(1,99999):,}.{d(2)}"
def pick(*xs): return R.choice(xs)
def uuid(): return f"{h(8)}-{h(4)}-4{h(3)}-{R.choice('89ab')}{h(3)}-{h(12)}"
MONTHS = ["January","February","March","April","May","June","July","August","September","October","November","December"]
DAYS = ["Monday","Tuesday","Wednesday","Thursday","Friday","Saturday","Sunday"]
CITIES = ["Leeds","Bristol","Lyon","Bordeaux","Valencia","Sevilla","Bologna","Torino","Utrecht","Eindhoven","Hamburg","Köln","Denver","Austin","Perth","Adelaide","Cork","Galway","Pune","Kochi"]
TEAMS = ["Arsenal","Everton","Leeds United","Aston Villa","Celtic","Rangers","Bayern München","Borussia Dortmund","Olympique Lyonnais","Real Betis","Sevilla FC","AC Milan","Juventus","Ajax","PSV","Feyenoord","Boston Celtics","Denver Nuggets","Melbourne Storm","Leinster","Munster"]
HOL = ["Valentine's Day","St Patrick's Day","Martin Luther King Jr. Day","Guy Fawkes Night","Boxing Day","Mother's Day","Father's Day","Presidents' Day","Columbus Day","St Andrew's Day","Burns Night","Juneteenth","Thanksgiving","Anzac Day","Bastille Day","Koningsdag","Sinterklaas","Ferragosto","Diwali","Eid al-Fitr","Hanukkah","Easter Monday","Whit Monday","Ascension Day","Good Friday","Christmas Eve","New Year's Eve","Halloween","Labor Day","Memorial Day","Victoria Day","Canada Day","Remembrance Day","St David's Day","St George's Day","All Saints' Day","Epiphany","Candlemas","Shrove Tuesday","Mardi Gras"]
PY_ERR = ["HTTPSConnectionPool(host='api.example.com', port=443): Read timed out.", "'user_id'",
          "invalid literal for int() with base 10: 'N/A'", "[Errno 104] Connection reset by peer"]
JAVA_ERR = ['Cannot invoke "String.length()" because "value" is null', "Index 5 out of bounds for length 5",
            "Connection pool shut down"]
RUST_ERR = ["ParseIntError { kind: InvalidDigit }", 'Os { code: 2, kind: NotFound, message: "No such file or directory" }']
T = []
def add(g, t): T.append((g, t))
for i in range(8):
    # API error bodies and headers
    add("api", f'{{"error": {{"type": "{pick("invalid_request_error","rate_limit_error","not_found_error","overloaded_error")}", "message": "{pick("max_tokens: must be less than or equal to 8192","Number of request tokens has exceeded your per-minute rate limit","model: claude-3-opus-20240229 not found","Overloaded")}"}}, "request_id": "req_011C{al(20)}"}}')
    add("api", f'HTTP/1.1 {pick("429 Too Many Requests","503 Service Unavailable","404 Not Found","400 Bad Request")}\nDate: {pick(*DAYS)[:3]}, {R.randint(1,28):02d} {pick(*MONTHS)[:3]} 2025 {R.randint(0,23):02d}:{R.randint(0,59):02d}:{R.randint(0,59):02d} GMT\nContent-Type: application/json\nretry-after: {R.randint(1,60)}\nx-ratelimit-remaining-requests: {R.randint(0,4999)}\nx-request-id: {uuid()}\ncf-ray: {h(16)}-{pick("LHR","AMS","FRA","CDG","IAD")}')
    add("api", f'{{"status": {pick(401,403)}, "title": "Unauthorized", "detail": "No API key provided. Pass it in the x-api-key header.", "instance": "/v1/messages", "trace": "{h(32)}"}}')
    add("api", f'curl -s -H "Authorization: Bearer $OPENAI_API_KEY" -H "Content-Type: application/json" https://api.openai.com/v1/models | jq \'.data[].id\'')
    add("api", f'Server: nginx/1.{R.randint(18,27)}.{R.randint(0,9)}\nVary: Accept-Encoding\nCache-Control: max-age={R.randint(60,86400)}, public\nETag: "{h(8)}-{h(13)}"\nLast-Modified: {pick(*DAYS)[:3]}, {R.randint(1,28)} {pick(*MONTHS)[:3]} 2025 {R.randint(0,23):02d}:00:00 GMT\nStrict-Transport-Security: max-age=31536000; includeSubDomains')
    # manifests and lockfiles
    add("pkg", f'{{"name": "@{pick("acme","tooling","internal")}/{pick("api","web","cli","shared")}", "version": "{ver()}", "dependencies": {{"express": "^4.{R.randint(16,21)}.{R.randint(0,9)}", "zod": "^3.{R.randint(20,24)}.{R.randint(0,9)}", "lodash": "4.17.21"}}, "engines": {{"node": ">=18"}}}}')
    add("pkg", f'[[package]]\nname = "{pick("serde","tokio","anyhow","clap","regex")}"\nversion = "{ver()}"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{h(64)}"')
    add("pkg", f'{pick("requests","numpy","pandas","pydantic","fastapi")}=={ver()} \\\n    --hash=sha256:{h(64)}')
    add("pkg", f'<dependency>\n  <groupId>org.{pick("apache.commons","slf4j","junit.jupiter","postgresql")}</groupId>\n  <artifactId>{pick("commons-lang3","slf4j-api","junit-jupiter","postgresql")}</artifactId>\n  <version>{ver()}</version>\n</dependency>')
    add("pkg", f'{pick("github.com/spf13/cobra","golang.org/x/net","github.com/stretchr/testify","google.golang.org/grpc")} v{ver()} h1:{al(43)}=')
    # stack traces
    add("trace", f'Traceback (most recent call last):\n  File "/app/{pick("worker","api","jobs")}/{pick("tasks","views","handlers")}.py", line {R.randint(10,900)}, in {pick("run","handle","process_batch")}\n    result = client.{pick("get","post","fetch")}(url, timeout={R.randint(1,30)})\n{pick("requests.exceptions.ReadTimeout","KeyError","ValueError","ConnectionResetError")}: {pick(*PY_ERR)}')
    add("trace", f'java.lang.{pick("NullPointerException","IllegalStateException","IndexOutOfBoundsException")}: {pick(*JAVA_ERR)}\n\tat com.{pick("acme","example")}.{pick("billing","orders")}.{pick("InvoiceService","OrderMapper")}.{pick("render","map","apply")}({pick("InvoiceService","OrderMapper")}.java:{R.randint(20,500)})\n\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1596)')
    add("trace", f'TypeError: Cannot read properties of undefined (reading \'{pick("map","length","id")}\')\n    at {pick("renderList","useOrders","formatRow")} (webpack-internal:///./src/components/{pick("OrderTable","InvoiceList","Dashboard")}.tsx:{R.randint(10,300)}:{R.randint(1,60)})\n    at commitHookEffectListMount (react-dom.development.js:23150:26)')
    add("trace", f'thread \'main\' panicked at src/{pick("main","parser","lib")}.rs:{R.randint(10,400)}:{R.randint(5,60)}:\ncalled `Result::unwrap()` on an `Err` value: {pick(*RUST_ERR)}')
    # SQL
    add("sql", f' id | sku       | qty | unit_price | created_at\n----+-----------+-----+------------+---------------------\n {R.randint(1,999)} | {up(3)}-{d(4)} | {R.randint(1,50)} | {R.randint(1,999)}.{d(2)} | {date()} {R.randint(0,23):02d}:{R.randint(0,59):02d}:00\n {R.randint(1,999)} | {up(3)}-{d(4)} | {R.randint(1,50)} | {R.randint(1,999)}.{d(2)} | {date()} {R.randint(0,23):02d}:{R.randint(0,59):02d}:00\n({R.randint(2,9)} rows)')
    add("sql", f'Seq Scan on {pick("orders","invoices","events")}  (cost=0.00..{R.randint(100,99999)}.{d(2)} rows={R.randint(1,999999)} width={R.randint(8,200)}) (actual time=0.0{d(2)}..{R.randint(1,900)}.{d(3)} rows={R.randint(1,99999)} loops=1)\n  Filter: (status = \'{pick("shipped","open","paid")}\'::text)\nPlanning Time: 0.{d(3)} ms\nExecution Time: {R.randint(1,900)}.{d(3)} ms')
    add("sql", f"SELECT region, SUM(amount) AS revenue FROM sales WHERE sold_at >= '{date()}' GROUP BY region ORDER BY revenue DESC LIMIT {R.randint(5,50)};")
    add("sql", f'ERROR:  duplicate key value violates unique constraint "{pick("orders","users","invoices")}_pkey"\nDETAIL:  Key (id)=({R.randint(1,999999)}) already exists.\nSQL state: 23505')
    # CSV/TSV
    add("csv", f'date,region,product,units,revenue\n{date()},{pick("EMEA","APAC","NA","LATAM")},{pick("Widget Pro","Basic Plan","Team Plan","Gadget X2")},{R.randint(1,900)},{R.randint(100,99999)}.{d(2)}\n{date()},{pick("EMEA","APAC","NA","LATAM")},{pick("Widget Pro","Basic Plan","Team Plan","Gadget X2")},{R.randint(1,900)},{R.randint(100,99999)}.{d(2)}')
    add("csv", f'store_id\tcity\tsq_ft\topened\tweekly_sales\n{R.randint(100,999)}\t{pick(*CITIES)}\t{R.randint(800,40000)}\t{R.randint(1990,2024)}\t{R.randint(10000,900000)}\n{R.randint(100,999)}\t{pick(*CITIES)}\t{R.randint(800,40000)}\t{R.randint(1990,2024)}\t{R.randint(10000,900000)}')
    add("csv", f'ticker,open,high,low,close,volume\n{pick("AAPL","MSFT","NVDA","ASML","SAP")},{R.randint(100,900)}.{d(2)},{R.randint(100,900)}.{d(2)},{R.randint(100,900)}.{d(2)},{R.randint(100,900)}.{d(2)},{R.randint(100000,90000000)}')
    # abstracts, recipes, sports, weather, transit
    add("abstract", f"Background: {pick('Hypertension','Type 2 diabetes','Atrial fibrillation','Chronic kidney disease')} affects {R.randint(5,40)}% of adults. Methods: we pooled {R.randint(3,40)} randomised trials (n = {R.randint(1000,90000):,}). Results: the hazard ratio was 0.{R.randint(60,95)} (95% CI 0.{R.randint(50,70)}–0.{R.randint(80,99)}; p = 0.0{d(2)}). Conclusions: {pick('benefit was consistent across subgroups','no effect on mortality was seen','effects were larger in older patients')}.")
    add("abstract", f"We measured the thermal conductivity of {pick('graphene','boron nitride','silicon carbide')} films between {R.randint(4,80)} K and {R.randint(300,900)} K; the Debye temperature fitted was {R.randint(300,2000)} K and the Grüneisen parameter {R.randint(1,3)}.{d(2)}.")
    add("recipe", f"Preheat the oven to {R.choice([180,190,200,220])}°C (gas mark {R.randint(4,7)}). Mix {R.randint(100,500)} g flour, {R.randint(1,4)} tsp baking powder and {R.randint(50,250)} ml milk; bake for {R.randint(15,50)} minutes. Serves {R.randint(2,8)}.")
    add("recipe", f"Ingredients: {R.randint(2,6)} eggs, {R.randint(1,3)} cups sugar, 1/2 cup butter, a pinch of salt, zest of 1 lemon. {pick('Victoria sponge','Eton mess','Beef Wellington','Caesar salad','Waldorf salad','Peach Melba','Eggs Benedict','Pavlova')} takes about {R.randint(20,90)} min.")
    add("sport", f"{pick(*TEAMS)} {R.randint(0,5)}–{R.randint(0,5)} {pick(*TEAMS)} (HT {R.randint(0,2)}–{R.randint(0,2)}), {pick(*DAYS)} {R.randint(1,28)} {pick(*MONTHS)}, attendance {R.randint(9000,80000):,}. Next: away at {pick(*TEAMS)}, {pick(*DAYS)[:3]} {R.randint(12,21)}:{pick('00','30','45')}.")
    add("sport", f"Standings: 1. {pick(*TEAMS)} {R.randint(40,90)} pts, 2. {pick(*TEAMS)} {R.randint(40,90)} pts, 3. {pick(*TEAMS)} {R.randint(40,90)} pts (GD +{R.randint(1,50)}).")
    add("weather", f"{pick(*CITIES)}: {pick('light rain','sunny intervals','heavy showers','fog early')}, high {R.randint(5,35)}°C, low {R.randint(-5,20)}°C, wind {pick('SW','NE','W','N')} {R.randint(5,60)} km/h, UV {R.randint(1,10)}, sunrise 0{R.randint(5,8)}:{R.randint(10,59)}, sunset {R.randint(16,21)}:{R.randint(10,59)}.")
    add("transit", f"{pick('Platform','Gleis','Voie','Andén','Binario','Spoor')} {R.randint(1,20)}: {R.randint(5,23):02d}:{R.randint(0,59):02d} {pick('RE','ICE','TGV','AVE','IC','Sprinter')} {R.randint(1,9999)} to {pick(*CITIES)} — {pick('on time','+5 min','cancelled','delayed 12 min')}; next {R.randint(5,23):02d}:{R.randint(0,59):02d}.")
    add("transit", f"Bus {R.randint(1,400)} {pick('Victoria Station','Piccadilly Gardens','Hauptbahnhof','Gare Part-Dieu','Estación de Atocha','Centraal Station')} dep {R.randint(5,23)}:{R.randint(0,59):02d}, arr {pick('Airport','Zoo','University','Old Town')} {R.randint(5,23)}:{R.randint(0,59):02d}; fare {money()}; stop code {d(5)}.")
    # chess, maths, units
    add("chess", f"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O {R.randint(9,20)}. h3 Nb8 — the {pick('Breyer','Zaitsev','Chigorin','Marshall')} variation of the Ruy Lopez; eval +0.{R.randint(1,60)} at depth {R.randint(20,45)}.")
    add("chess", f'[Event "{pick("Casual Rapid","Club Championship","Blitz Arena")}"]\n[Date "{date().replace("-",".")}"]\n[Result "{pick("1-0","0-1","1/2-1/2")}"]\n[ECO "{pick("B90","C65","D37","E60")}"]\n1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 {pick("1-0","0-1","1/2-1/2")}')
    add("math", f"Solve x² − {R.randint(2,20)}x + {R.randint(1,60)} = 0: discriminant {R.randint(1,300)}, roots ≈ {R.randint(0,20)}.{d(3)} and {R.randint(0,20)}.{d(3)}. By Vieta, their product is the constant term.")
    add("math", f"{R.randint(1,99)} mph = {R.randint(1,160)}.{d(1)} km/h; {R.randint(1,50)} psi = {R.randint(1,400)} kPa; {R.randint(1,900)} kcal = {R.randint(1,4000)} kJ; 1 nmi = 1852 m; {R.randint(1,20)} fl oz ≈ {R.randint(30,600)} ml.")
    # markdown tables
    add("md", f"| Model | Params | MMLU | Cost / 1M tokens |\n|---|---|---|---|\n| {pick('Llama 3.1 8B','Mistral 7B','Qwen2.5 14B','Gemma 2 9B')} | {R.randint(1,70)}B | {R.randint(40,90)}.{d(1)} | ${R.randint(0,9)}.{d(2)} |\n| {pick('Phi-3 mini','Claude Haiku','GPT-4o mini','Mixtral 8x7B')} | — | {R.randint(40,90)}.{d(1)} | ${R.randint(0,9)}.{d(2)} |")
    add("md", f"| Region | Q1 | Q2 | Δ |\n|:--|--:|--:|--:|\n| {pick('North','South','Benelux','DACH','Iberia')} | {money()} | {money()} | {pick('+','−')}{R.randint(1,40)}% |")
    # git without persons
    add("git", f"{h(7)} (HEAD -> main, origin/main) {pick('fix','feat','chore','refactor')}({pick('parser','api','ci','deps')}): {pick('handle empty input','bump eslint to 9.1','retry on 503','drop Node 16')}\n{h(7)} Merge pull request #{R.randint(10,9999)} from {pick('release','renovate','dependabot')}/{pick('v'+ver(),'npm-'+ver())}\n{h(7)} {pick('docs','test')}: {pick('update README','add fixtures for CSV import')}")
    add("git", f" {R.randint(1,30)} files changed, {R.randint(1,900)} insertions(+), {R.randint(1,400)} deletions(-)\n create mode 100644 src/{pick('parser','api','ui')}/{pick('Lexer','Router','Table')}.{pick('ts','java','py')}\n rename src/{{old => new}}/{pick('config','util')}.go (87%)")
    # docker / k8s
    add("k8s", f"NAME                          READY   STATUS             RESTARTS   AGE\n{pick('api','web','worker')}-{h(10)}-{al(5).lower()}   1/1     Running            0          {R.randint(1,59)}m\n{pick('api','web','worker')}-{h(10)}-{al(5).lower()}   0/1     CrashLoopBackOff   {R.randint(1,40)}         {R.randint(1,23)}h")
    add("k8s", f"CONTAINER ID   IMAGE                     COMMAND                  CREATED        STATUS        PORTS                    NAMES\n{h(12)}   postgres:{R.randint(12,17)}-alpine      \"docker-entrypoint.s…\"   {R.randint(2,9)} hours ago    Up {R.randint(2,9)} hours   0.0.0.0:5432->5432/tcp   {pick('db','pg','compose-db-1')}")
    add("k8s", f"Events:\n  Type     Reason     Age   From               Message\n  Warning  BackOff    {R.randint(1,59)}s   kubelet            Back-off restarting failed container {pick('api','migrate','sidecar')} in pod {pick('api','web')}-{h(10)}-{al(5).lower()}_{pick('default','prod')}({uuid()})")
    # multilingual product and travel
    add("i18n", f"{pick('Lieferung','Livraison','Entrega','Consegna','Levering')} {pick('bis','avant le','antes del','entro il','voor')} {R.randint(1,28)}.{R.randint(1,12)}.; {pick('Versandkostenfrei ab','Livraison gratuite dès','Envío gratis desde','Spedizione gratuita da','Gratis verzending vanaf')} {R.randint(19,99)} €. {pick('Artikelnummer','Référence','Referencia','Codice articolo','Artikelnummer')}: {d(8)}.")
    add("i18n", f"{pick('Zimmer mit Blick auf den Dom','Chambre avec vue sur la Seine','Habitación con vistas a la Alhambra','Camera con vista sul Duomo','Kamer met uitzicht op de gracht')}, {R.randint(60,400)} € {pick('pro Nacht','par nuit','por noche','a notte','per nacht')}, {pick('Frühstück inklusive','petit-déjeuner inclus','desayuno incluido','colazione inclusa','ontbijt inbegrepen')}; Check-in ab {R.randint(14,16)}:00.")
    add("i18n", f"{pick('Öffnungszeiten','Horaires','Horario','Orari','Openingstijden')}: {pick('Mo–Fr','lun.–ven.','lun–vie','lun–ven','ma–vr')} {R.randint(8,10)}–{R.randint(17,20)} Uhr; {pick('Eintritt','Entrée','Entrada','Ingresso','Toegang')} {R.randint(5,25)} €, {pick('ermäßigt','tarif réduit','reducida','ridotto','korting')} {R.randint(2,12)} €.")
    # public places with addresses
    add("place", pick("The British Museum, Great Russell Street, London WC1B 3DG, opens daily 10:00–17:00.","Rijksmuseum, Museumstraat 1, 1071 XX Amsterdam: entry €22.50.","Musée d'Orsay, 1 Rue de la Légion d'Honneur, 75007 Paris, closed on Mondays.","Museo del Prado, Calle de Ruiz de Alarcón 23, 28014 Madrid — free entry 18:00–20:00.","Galleria degli Uffizi, Piazzale degli Uffizi 6, 50122 Firenze.","Berlin Hauptbahnhof, Europaplatz 1, 10557 Berlin; lockers on level −1.","Smithsonian National Air and Space Museum, 600 Independence Ave SW, Washington, DC 20560.","Sydney Opera House, Bennelong Point, Sydney NSW 2000; tours every 30 min.","Guinness Storehouse, St James's Gate, Dublin 8, D08 VF8H.","Gateway of India, Apollo Bandar, Colaba, Mumbai 400001."))
    # dates and times
    add("dates", f"{pick('Due','Fällig','Échéance','Vencimiento','Scadenza')}: {R.randint(1,28):02d}/{R.randint(1,12):02d}/{R.randint(2024,2027)}; {pick('also','auch','aussi','también')} {R.randint(1,28)} {pick(*MONTHS)} {R.randint(2024,2027)}, {pick(*MONTHS)[:3]} {R.randint(1,28)}, {R.randint(2024,2027)} {R.randint(1,12)}:{R.randint(0,59):02d} {pick('AM','PM')}, {ts()}, week {R.randint(1,52)}, Q{R.randint(1,4)} FY{R.randint(24,27)}.")
    add("dates", f"Cron {pick('0 3 * * *','*/15 * * * *','30 2 * * 1-5')} ({pick('daily 03:00 UTC','every 15 minutes','weekdays 02:30')}); last run {date()} {R.randint(0,23):02d}:{R.randint(0,59):02d}:{R.randint(0,59):02d} +0000, next {pick(*DAYS)} {R.randint(0,23):02d}:{R.randint(0,59):02d}.")
    # holidays, amounts, refs, keys with placeholders
    add("hol", f"{pick('Office closed','Support hours reduced','No deliveries','Store opens late','Trains run a Sunday service')} on {pick(*HOL)} ({pick(*DAYS)} {R.randint(1,28)} {pick(*MONTHS)}); orders placed after {R.randint(10,16)}:00 ship the next working day.")
    add("hol", f"{pick(*HOL)} sale: {R.randint(10,60)}% off {pick('all jackets','sitewide','selected laptops','kitchenware')} until {pick(*DAYS)}, code {up(R.randint(4,8))}{R.randint(10,99)}.")
    add("amount", f"Total {money()} (VAT {R.randint(5,25)}% {money()}), paid by {pick('card ending 4242','bank transfer','PayPal','Apple Pay')}; ref {up(2)}{d(8)}; balance due {money()}; FX rate 1 EUR = {R.randint(1,1)}.{d(4)} USD.")
    add("ref", f"Your {pick('booking','claim','case','order','return','ticket')} reference is {pick(an(8), up(3)+'-'+d(6), d(4)+'-'+d(4)+'-'+d(4), up(2)+d(6)+up(1))}; keep it for any questions. Estimated {pick('delivery','decision','refund')}: {R.randint(3,14)} working days.")
    add("keys", f"{pick('Set','Export','Add')} {pick('OPENAI_API_KEY','ANTHROPIC_API_KEY','STRIPE_SECRET_KEY','GITHUB_TOKEN','AWS_SECRET_ACCESS_KEY')}={pick('<your-key>','your_key_here','sk-...','xxxxxxxxxxxxxxxx','${{SECRET}}','changeme','REPLACE_ME')} in {pick('.env','your shell profile','the CI secrets page','the Vercel dashboard')}; {pick('never commit it','rotate it every 90 days','it is read at start-up')}.")
out = open('dev19.jsonl', 'w')
for i, (g, t) in enumerate(T):
    out.write(json.dumps({"id": f"g{i}-{g}", "locale": "en", "text": t, "pii": []}, ensure_ascii=False) + "\n")
print(len(T))
