/**
 * Group commit (decision 034) on its own, without sockets: sends arrive at a steady rate (open
 * loop: a slow store does not slow the arrivals) and each is timed from arrival to commit.
 * Baseline in the same run: every send its own statement at once, as before group commit (the
 * pool's ten connections then take them). Each rate runs baseline and grouped in turns, `--runs`
 * times, on the same rooms.
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/send-grouping.ts [--rates 500,2000] [--runs 3]
 */
import { parseArgs } from 'node:util';
import { createSendBatcher } from '../apps/server/src/modules/chat/send-batcher.ts';
import { type StoreInput, storeMessages } from '../apps/server/src/modules/chat/store-messages.ts';
import { benchPeople, benchRooms, startBenchApp } from './bench-app.ts';
import { median } from './stats.ts';

const { values } = parseArgs({
  options: {
    rates: { type: 'string', default: '500,2000' },
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    people: { type: 'string', default: '2000' },
    rooms: { type: 'string', default: '200' },
  },
});
const rates = (values.rates as string).split(',').map(Number);
const [runs, seconds, peopleCount, roomCount] = [values.runs, values.seconds, values.people, values.rooms].map(
  Number,
) as [number, number, number, number];

const bench = await startBenchApp();
const { db } = bench;
process.stdout.write(`setting up ${peopleCount} people in ${roomCount} rooms on ${bench.database.kind}…\n`);
const people = await benchPeople(bench, peopleCount, 'Grouping');
const roomIds = await benchRooms(bench, people, roomCount);
const members = people.ids.map((userId, i) => ({ roomId: roomIds[i] as number, userId }));

const send = (i: number): StoreInput => {
  const member = members[Math.floor(Math.random() * members.length)] as (typeof members)[number];
  return {
    roomId: member.roomId,
    senderId: member.userId,
    clientId: null,
    content: `send ${i}`,
    messageType: 'TEXT',
    replyToId: null,
    memberOnly: true,
  };
};
const alone = async (input: StoreInput) => (await storeMessages(db, [input]))[0];
const batcher = createSendBatcher(db);
const grouped = (input: StoreInput) => batcher.store(input);

/** `rate` sends a second for `seconds`; arrival-to-commit times, sorted. */
async function load(store: (input: StoreInput) => Promise<unknown>, rate: number) {
  const times: number[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const arrived = performance.now();
    pending.push(
      store(send(i)).then(() => {
        times.push(performance.now() - arrived);
      }),
    );
  }
  await Promise.all(pending);
  return times.sort((a, b) => a - b);
}

const at = (times: number[], p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] as number;
const ms = (v: number) => `${v.toFixed(1).padStart(7)} ms`;

// Warm both paths (plans, pool connections) before anything is timed.
await load(alone, 200);
await load(grouped, 200);
for (const rate of rates) {
  process.stdout.write(`\n${rate} sends/s for ${seconds} s, ${runs} runs of each in turns (arrival → commit)\n`);
  const ratios: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const base = await load(alone, rate);
    const before = batcher.stats();
    const ours = await load(grouped, rate);
    const after = batcher.stats();
    const perStatement = (after.sends - before.sends) / Math.max(1, after.statements - before.statements);
    ratios.push(at(ours, 0.99) / at(base, 0.99));
    process.stdout.write(
      `  run ${run}  one statement each: p50 ${ms(at(base, 0.5))}  p99 ${ms(at(base, 0.99))}   grouped: p50 ${ms(at(ours, 0.5))}  p99 ${ms(at(ours, 0.99))}  (${perStatement.toFixed(1)} sends a statement)  p99 ratio ${(at(ours, 0.99) / at(base, 0.99)).toPrecision(2)}×\n`,
    );
  }
  process.stdout.write(
    `  p99 ratio grouped ÷ one statement each: median ${median(ratios).toPrecision(2)}×, worst ${Math.max(...ratios).toPrecision(2)}×\n`,
  );
}
await bench.close();
process.exit(0);
