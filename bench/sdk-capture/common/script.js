// The four runs every SDK is captured on, what the mock model answers at each step, and the weather tool.
'use strict';

const RUNS = [
  { name: 'one-call', user: 'What is the weather in Paris?' },
  { name: 'two-in-sequence', user: 'Is it warmer in Oslo or in Rome?' },
  { name: 'contradicts-tool', user: 'What is the weather in Cairo?' },
  { name: 'parallel-streamed', user: 'What is the weather in Berlin and in Madrid?', stream: true },
];

const WEATHER = {
  Paris: { temp_c: 18, sky: 'cloudy' },
  Oslo: { temp_c: 9, sky: 'cloudy' },
  Rome: { temp_c: 24, sky: 'sunny' },
  Cairo: { temp_c: 35, sky: 'sunny' },
  Berlin: { temp_c: 12, sky: 'rainy' },
  Madrid: { temp_c: 27, sky: 'sunny' },
};

function getWeather(args) {
  const w = WEATHER[args.city];
  return w ? { city: args.city, ...w } : { error: 'unknown city ' + args.city };
}

const call = (id, city) => ({ id, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city }) } });

// step = how many assistant turns the conversation holds already
const STEPS = {
  'What is the weather in Paris?': [{ tool_calls: [call('call_1', 'Paris')] }, { content: 'It is 18°C and cloudy in Paris.' }],
  'Is it warmer in Oslo or in Rome?': [
    { tool_calls: [call('call_o', 'Oslo')] },
    { tool_calls: [call('call_r', 'Rome')] },
    { content: 'Rome is warmer: 24°C against 9°C in Oslo.' },
  ],
  'What is the weather in Cairo?': [{ tool_calls: [call('call_c', 'Cairo')] }, { content: 'It is 5°C and snowing in Cairo.' }],
  'What is the weather in Berlin and in Madrid?': [
    { tool_calls: [call('call_p1', 'Berlin'), call('call_p2', 'Madrid')] },
    { content: 'Berlin is 12°C and rainy; Madrid is 27°C and sunny.' },
  ],
};

function reply(messages) {
  const user = messages.find((m) => m.role === 'user');
  const text = typeof user.content === 'string' ? user.content : user.content.map((p) => p.text).join('');
  const steps = STEPS[text];
  if (!steps) return { content: 'I can only tell the weather.' };
  const step = messages.filter((m) => m.role === 'assistant').length;
  return steps[Math.min(step, steps.length - 1)];
}

module.exports = { RUNS, getWeather, reply };
