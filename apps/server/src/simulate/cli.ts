/**
 * `npm run simulate [-- --url http://localhost:3000 --people 12 --seconds 120]`: seeded coaches,
 * athletes and guardians chat with the demo director through the running server.
 */
import { parseArgs } from 'node:util';
import { simulate } from './simulate.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}` },
    people: { type: 'string', default: '12' },
    seconds: { type: 'string' },
    every: { type: 'string', default: '20' },
  },
});

const stats = await simulate({
  url: values.url,
  people: Number(values.people),
  startEverySeconds: Number(values.every),
  ...(values.seconds ? { durationMs: Number(values.seconds) * 1000 } : {}),
});
console.log(`done: ${stats.sent} messages sent, ${stats.received} received`);
process.exit(0);
