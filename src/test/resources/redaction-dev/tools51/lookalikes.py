# Development set dev11 (issue 47, stop 56): harmless messages full of codes of things (orders, parcels, tickets,
# NDC/EAN/UPC/ISBN, transactions) and words named after people (brands, holidays, eponyms, units). Written here,
# tuned on. Run from src/test/resources/redaction-dev: python3 tools51/lookalikes.py (fixed seed, byte for byte).
import json, random, string
R = random.Random(20261202)
def d(n): return ''.join(R.choice(string.digits) for _ in range(n))
def up(n): return ''.join(R.choice(string.ascii_uppercase) for _ in range(n))
def an(n): return ''.join(R.choice(string.ascii_uppercase+string.digits) for _ in range(n))
def hx(n): return ''.join(R.choice('0123456789abcdef') for _ in range(n))
def uuid(): return f"{hx(8)}-{hx(4)}-4{hx(3)}-{R.choice('89ab')}{hx(3)}-{hx(12)}"
def price(): return f"{R.choice(['$','£','€'])}{R.randint(1,9999)}.{d(2)}"
def date(): return f"2025-{R.randint(1,12):02d}-{R.randint(1,28):02d}"
def grouped9(): return f"{d(3)} {d(3)} {d(3)}"
brands = ["Morgan Stanley","Goldman Sachs","Johnson & Johnson","Wells Fargo","Charles Schwab","Marriott","Hilton","McDonald's","Wendy's","Trader Joe's","Dr Pepper","Jack Daniel's","Tommy Hilfiger","Ralph Lauren","Calvin Klein","Hugo Boss","Louis Vuitton","Christian Dior","Ben & Jerry's","Dell","Ford","Tesla","Mercedes-Benz","Porsche","Ferrari","Lamborghini","Chanel","Gucci","Prada","Kellogg's","Heinz","Cadbury","Boots","Sainsbury's","Marks & Spencer","John Lewis","Harrods","Walgreens","Macy's","Nordstrom","Dillard's","Kohl's","Lowe's","Barclays","Lloyds","Santander","Philips","Siemens","Bosch","Dyson","Miele","Adidas","Nike","Puma","Levi's","Wrangler","Oscar Mayer","Hershey's","Campbell's","Mars"]
eponyms = ["Dijkstra's algorithm","a Fourier transform","Bayes' theorem","the Levenshtein distance","a Kalman filter","a Markov chain","a Gaussian prior","Euler's method","Newton's method","a Monte Carlo estimate","the Jaccard index","Pearson's correlation","Spearman's rho","Cohen's kappa","Fleiss' kappa","Krippendorff's alpha","the Wilson interval","the Kaplan-Meier estimator","a Poisson model","the Bonferroni correction","Tukey's test","the Mann-Whitney U test","Fisher's exact test","a Bloom filter","the Viterbi algorithm","Huffman coding","the Turing test","a Boltzmann machine","Hamming distance","the Cholesky decomposition"]
places = ["Victoria Station","Kings Cross","Charles de Gaulle airport","JFK","Washington Square Park","Lincoln Center","Penn Station","Union Station","Heathrow Terminal 5","Gatwick North","Trafalgar Square","Hyde Park","Central Park","the Louvre","the Prado","Madison Square Garden","Wembley","Old Trafford","Anfield","St Pancras","Waterloo","Paddington","Euston","Grand Central","O'Hare","Logan Airport","Dulles","Schiphol","Fiumicino","Barajas"]
holidays = ["Black Friday","Cyber Monday","Boxing Day","Thanksgiving","Earth Day","Hanukkah","Diwali","Easter Monday","Good Friday","Memorial Day","Labor Day","Presidents' Day","Martin Luther King Jr. Day","Columbus Day","Veterans Day","Independence Day","Bastille Day","Guy Fawkes Night","St Andrew's Day","St David's Day","Mother's Day","Father's Day","New Year's Eve","Halloween","Christmas Eve","Juneteenth","Lunar New Year","Eid al-Fitr","Yom Kippur","Passover"]
units = ["kelvin","newtons","watts","joules","amperes","volts","hertz","pascals","teslas","webers","coulombs","ohms","sieverts","becquerels","grays"]
genes = ["BRCA1","TP53","EGFR","KRAS","HER2","APOE","CFTR","MTHFR","BRAF","PTEN"]
T = []
def add(t): T.append(t)
for i in range(20):
    add(f"Order {R.choice(['#',''])}{d(R.choice([8,9,10]))} shipped on {date()}; tracking 1Z{an(6)}{d(10)} via UPS, total {price()}.")
    add(f"Invoice INV-{d(6)} for {price()} is due {date()}. Reference {up(3)}{d(7)}{up(1)}.")
    add(f'{{"booking_ref": "{up(6)}", "flight": "{up(2)}{R.randint(10,9999)}", "seat": "{R.randint(1,40)}{R.choice("ABCDEF")}", "eticket": "{d(13)}"}}')
    add(f"Your support case {d(9)} was updated. Case number: {grouped9()}. Reply above this line.")
    add(f"commit {hx(40)}\nMerge: {hx(7)} {hx(7)}\n    Bump version to {R.randint(0,9)}.{R.randint(0,30)}.{R.randint(0,99)}")
    add(f"request_id={uuid()} status=200 latency_ms={R.randint(1,900)} build={d(8)}")
    add(f"The paper is doi:10.{R.randint(1000,9999)}/{an(4).lower()}.{d(5)} (arXiv:{R.randint(2000,2412)}.{d(5)}, PMID {d(8)}).")
    add(f"ISBN 978-{d(1)}-{d(3)}-{d(5)}-{d(1)}; EAN {d(13)}; UPC {d(12)}; SKU {up(3)}-{d(5)}-{up(2)}.")
    add(f"{R.choice(brands)} reported revenue of {price()}M for Q{R.randint(1,4)}; ticker {up(R.choice([3,4]))} closed at {R.randint(10,900)}.{d(2)}.")
    add(f"We used {R.choice(eponyms)} and {R.choice(eponyms)} to compare the runs (n={R.randint(20,5000)}).")
    add(f"Meet at {R.choice(places)} at {R.randint(1,12)}:{d(1)}0 before the train to {R.choice(['Leeds','Bristol','York','Glasgow','Cardiff','Boston','Denver','Lyon','Madrid'])}.")
    add(f"Sales peak around {R.choice(holidays)} and {R.choice(holidays)}; plan stock for week {R.randint(1,52)}.")
    add(f"The sensor reads {R.randint(1,999)} {R.choice(units)} at position {R.randint(0,90)}.{d(4)}, {R.randint(0,180)}.{d(4)}.")
    add(f"Variant in {R.choice(genes)} (c.{R.randint(100,9999)}{R.choice('ACGT')}>{R.choice('ACGT')}), ICD-10 {up(1)}{d(2)}.{d(1)}, NDC {d(4)}-{d(4)}-{d(2)}, lot {an(8)}.")
    add(f"Case No. {R.randint(1,9)}:{R.randint(10,25)}-cv-{d(5)}, docket entry {R.randint(1,300)}; see 42 U.S.C. § {R.randint(1000,2000)}.")
    add(f"pod api-{hx(10)}-{an(5).lower()} restarted {R.randint(1,9)} times; image sha256:{hx(64)}")
    add(f"Serial number {an(12)}, model {up(2)}-{up(1)}{d(3)}{up(1)}, firmware {R.randint(1,9)}.{R.randint(0,9)}.{d(3)}.")
    add(f"Ticket {up(R.randint(2,5))}-{R.randint(1,9999)} blocks {up(3)}-{R.randint(1,999)}; estimate {R.randint(1,13)} points.")
    add(f"Company registration {d(8)}, VAT GB {d(3)} {d(4)} {d(2)}, LEI {an(18)}{d(2)}, ISIN US{d(9)}{d(1)}.")
    add(f"Parcel {up(2)}{d(9)}GB is at the depot; code {d(6)} opens locker {R.randint(1,80)}. Batch {up(5)}{d(4)}{up(1)}.")
    add(f"Room {R.randint(100,999)}, confirmation {d(8)}{up(1)}, check-in {date()} after 3pm, rate plan {up(3)}{d(4)}{up(1)}.")
    add(f"{R.choice(brands)} and {R.choice(brands)} both cut prices for {R.choice(holidays)}.")
    add(f"Transaction {d(12)} approved, auth code {an(6)}, terminal {d(8)}, merchant {R.choice(brands)}.")
    add(f"Download {hx(32)}.tar.gz ({R.randint(1,900)} MB), md5 {hx(32)}, mirror {R.randint(1,9)} of 9.")
out = open('dev11.jsonl','w')
for i,t in enumerate(T):
    out.write(json.dumps({"id": f"la{i}", "locale": "en", "text": t, "pii": []})+"\n")
print(len(T))
