// The held-out runs (bench/sdk-capture/heldout.sh): a travel agent with two tools, none of which the importers were
// tuned on. What the mock model answers at each step, what the tools return, and what a reader should find in each
// run (EXPECTED, checked by heldout_check.py against `tracejudge export`).
'use strict';

const RUNS = [
  {
    name: 'nested-args-array-result',
    user: 'Find me a flight from Lisbon to Tokyo on 2027-03-14 for 2 adults, economy.',
  },
  { name: 'three-in-sequence-streamed', user: 'Convert 100 EUR to USD, then to JPY, then to GBP.', stream: true },
  { name: 'tool-error', user: 'How much is 50 EUR in XYZ?' },
  {
    name: 'multi-turn',
    user: 'Combien font 20 € en yens ?',
    followUps: ['Et en dollars américains ?'],
  },
  { name: 'unicode', user: 'Trouve un vol São Paulo → 東京 le 2027-05-01 ✈️🙂' },
  { name: 'no-tool', user: 'Hello! Who are you? 👋' },
];

const RATES = { EUR: 1, USD: 1.085, JPY: 162.5, GBP: 0.855 };

function convertCurrency(args) {
  if (!(args.from in RATES)) throw new Error('unknown currency: ' + args.from);
  if (!(args.to in RATES)) throw new Error('unknown currency: ' + args.to);
  const rate = Math.round((RATES[args.to] / RATES[args.from]) * 1e6) / 1e6;
  return { amount: Math.round(args.amount * rate * 100) / 100, currency: args.to, rate };
}

const FLIGHTS = {
  'LIS-HND': [
    { flight: 'TP 1234', departs: '2027-03-14T09:05', arrives: '2027-03-15T07:40', stops: 1, price: { amount: 812.4, currency: 'EUR' } },
    { flight: 'LH 1167', departs: '2027-03-14T13:30', arrives: '2027-03-15T12:10', stops: 1, price: { amount: 905, currency: 'EUR' } },
  ],
  'GRU-NRT': [{ flight: 'JL 0047', departs: '2027-05-01T22:15', arrives: '2027-05-03T05:30', stops: 1, note: 'via Doha — 経由 🛬', price: { amount: 1499.99, currency: 'BRL' } }],
};

function searchFlights(args) {
  return FLIGHTS[args.route.from + '-' + args.route.to] || [];
}

const TOOL_IMPLS = { search_flights: searchFlights, convert_currency: convertCurrency };

function runTool(name, args) {
  return TOOL_IMPLS[name](args);
}

const fn = (id, name, args) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } });
const LIS_ARGS = { route: { from: 'LIS', to: 'HND' }, date: '2027-03-14', passengers: { adults: 2, children: 0 }, cabin: 'economy' };
const GRU_ARGS = { route: { from: 'GRU', to: 'NRT', label: 'São Paulo → 東京' }, date: '2027-05-01', passengers: { adults: 1 } };

// keyed by the first user message; step = how many assistant turns the conversation holds already
const STEPS = {
  [RUNS[0].user]: [
    { tool_calls: [fn('call_fl1', 'search_flights', LIS_ARGS)] },
    { content: 'Two flights on 14 March: TP 1234 at 09:05 for 812.40 EUR, and LH 1167 at 13:30 for 905 EUR.' },
  ],
  [RUNS[1].user]: [
    { tool_calls: [fn('call_cx1', 'convert_currency', { amount: 100, from: 'EUR', to: 'USD' })] },
    { tool_calls: [fn('call_cx2', 'convert_currency', { amount: 108.5, from: 'USD', to: 'JPY' })] },
    { tool_calls: [fn('call_cx3', 'convert_currency', { amount: 16250, from: 'JPY', to: 'GBP' })] },
    { content: '100 EUR is 108.50 USD, which is 16250 JPY, which is 85.50 GBP.' },
  ],
  [RUNS[2].user]: [
    { tool_calls: [fn('call_err', 'convert_currency', { amount: 50, from: 'EUR', to: 'XYZ' })] },
    { content: 'I could not convert that: XYZ is not a currency I know.' },
  ],
  [RUNS[3].user]: [
    { tool_calls: [fn('call_jp', 'convert_currency', { amount: 20, from: 'EUR', to: 'JPY' })] },
    { content: '20 € font 3250 ¥.' },
    { tool_calls: [fn('call_us', 'convert_currency', { amount: 20, from: 'EUR', to: 'USD' })] },
    { content: '20 € font 21,70 $ américains.' },
  ],
  [RUNS[4].user]: [
    { tool_calls: [fn('call_uni', 'search_flights', GRU_ARGS)] },
    { content: 'Un vol : JL 0047, départ 22:15, via Doha — 経由 🛬, 1499,99 BRL. Bon voyage ✈️!' },
  ],
  [RUNS[5].user]: [{ content: 'I am a travel assistant 😊: I find flights and convert currencies.' }],
};

function reply(messages) {
  const user = messages.find((m) => m.role === 'user');
  const text = typeof user.content === 'string' ? user.content : user.content.map((p) => p.text).join('');
  const steps = STEPS[text];
  if (!steps) return { content: 'I can only help with travel.' };
  const step = messages.filter((m) => m.role === 'assistant').length;
  return steps[Math.min(step, steps.length - 1)];
}

// What each run should read as: user messages in order, calls in order (id, name, arguments as an object), each call's
// result (an object/array, or for an error the text the agent passed back, with error: true), the final answer.
function expected() {
  const out = [];
  for (const run of RUNS) {
    const steps = STEPS[run.user];
    const calls = [];
    const answers = [];
    for (const s of steps) {
      if (s.content) answers.push(s.content);
      for (const tc of s.tool_calls || []) {
        const args = JSON.parse(tc.function.arguments);
        let result;
        let error = false;
        try {
          result = runTool(tc.function.name, args);
        } catch (e) {
          result = 'Error: ' + e.message;
          error = true;
        }
        calls.push({ id: tc.id, name: tc.function.name, arguments: args, result, error });
      }
    }
    out.push({ name: run.name, users: [run.user, ...(run.followUps || [])], calls, answers, answer: answers[answers.length - 1] });
  }
  return out;
}

// the old capture's name, kept so the runners that import it still load
const getWeather = () => ({ error: 'not in the held-out set' });

module.exports = { RUNS, reply, runTool, expected, getWeather };

if (require.main === module) console.log(JSON.stringify(expected(), null, 1));
