/**
 * Chat at district size: a school of `--users` people whose athletic director has a conversation
 * with every adult, and `--messages` stored messages (seeded as `npm run seed -- --messages` does,
 * if the database holds fewer). Prints p50/p95 of, as the director:
 * - opening a conversation (its newest page of 50) and paging back (50 before a message in the
 *   middle), a different conversation each round, against the same SELECT through the driver;
 * - the room list of the Guardians tab (page 1) and the tab counts, against the module's own
 *   query functions called directly (no HTTP, no authentication, no presenter);
 * - the messaging and unanswered reports over their default range (the last 30 days), against
 *   a recount of the messages in that range.
 * `DATABASE_URL=postgres://… node --import tsx bench/history.ts [--users 5000 --messages 10000000]`
 * (PGlite in a temp dir without DATABASE_URL; keep --messages small there).
 */
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { bootstrap } from '../apps/server/src/bootstrap.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { roomList, tabCounts } from '../apps/server/src/modules/chat/room-list.ts';
import { seedBulkUsers } from '../apps/server/src/seed/bulk.ts';
import { seedBulkMessages } from '../apps/server/src/seed/bulk-messages.ts';
import { DEMO_ADMIN } from '../apps/server/src/seed/demo.ts';
import { signIn } from '../apps/server/src/simulate/simulate.ts';
import { startBenchApp } from './bench-app.ts';
import { measureP95 } from './stats.ts';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '5000' },
    messages: { type: 'string', default: '10000000' },
    rounds: { type: 'string', default: '300' },
  },
});
const bench = await startBenchApp();
const { app, config, database, db } = bench;
await bootstrap(database, app.identity.admin, { ...config, SEED_DEMO: true });
const scalar = async (query: ReturnType<typeof sql>) =>
  Number((await db.execute<{ n: number | string | null }>(query)).rows[0]?.n ?? 0);
const organizationId = await scalar(sql`select min(id) as n from organizations`);

const wantedUsers = Number(values.users);
const haveUsers = await scalar(sql`select count(*) as n from users where organization_id = ${organizationId}`);
if (haveUsers < wantedUsers) {
  process.stdout.write(`seeding ${(wantedUsers - haveUsers).toLocaleString()} users on ${database.kind}…\n`);
  await seedBulkUsers(db, { count: wantedUsers - haveUsers, organizationId });
}
const wantedMessages = Number(values.messages);
const haveMessages = await scalar(sql`select count(*) as n from chat_messages`);
if (haveMessages < wantedMessages) {
  const started = performance.now();
  await seedBulkMessages(db, {
    count: wantedMessages - haveMessages,
    organizationId,
    onProgress: (done) => process.stdout.write(`\r  messages ${done.toLocaleString()}`),
  });
  process.stdout.write(` in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

const [director] = await db
  .select()
  .from(users)
  .where(sql`${users.organizationId} = ${organizationId} and ${users.role} = 'ATHLETIC_DIRECTOR'`)
  .orderBy(users.id)
  .limit(1);
if (!director) throw new Error('no director');
const token = await signIn(bench.base, director.email, DEMO_ADMIN.password);
const get = async (url: string) => {
  const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
};

// The director's conversations, each with its size and a message in its middle to page back from.
const { rows: rooms } = await db.execute<{ room_id: number; messages: number; middle: number }>(sql`
  select m.room_id, count(*)::int as messages, (array_agg(cm.id order by cm.id))[count(*) / 2 + 1] as middle
  from chat_room_members m join chat_messages cm on cm.room_id = m.room_id
  where m.user_id = ${director.id}
  group by m.room_id`);
const total = await scalar(sql`select count(*) as n from chat_messages`);
const people = await scalar(sql`select count(*) as n from users where organization_id = ${organizationId}`);
process.stdout.write(
  `\n${database.kind}: ${total.toLocaleString()} messages; the director of a ${people.toLocaleString()}-person school in ${rooms.length.toLocaleString()} conversations (${Math.round(total / Math.max(1, rooms.length)).toLocaleString()} messages each on average)\n`,
);

let round = 0;
/** A different conversation each call, in the same order for the endpoint and the baseline. */
const nextRoom = () => rooms[(round++ * 7919) % rooms.length] as (typeof rooms)[number];
/** The endpoint and its baseline go through the same conversations, in the same order. */
const measure = (label: string, fn: () => Promise<unknown>, rounds = Number(values.rounds)) => {
  round = 0;
  return measureP95(label, fn, { rounds, width: 44 });
};
const ratio = (endpoint: number, baseline: number) =>
  process.stdout.write(`  endpoint / baseline at p95: ${(endpoint / baseline).toFixed(2)}×\n`);

const client = (db as unknown as { $client: { query: (q: string, p: unknown[]) => Promise<unknown> } }).$client;
// The history endpoint's SELECT (messages with their senders, newest first, one more than the page).
const page = `select cm.*, u.id as sender_id, u.first_name, u.last_name, u.user_image
  from chat_messages cm left join users u on u.id = cm.sender_id
  where cm.room_id = $1 and cm.id < $2 order by cm.id desc limit 51`;

process.stdout.write('\nopening a conversation (newest 50)\n');
const openBase = await measure('same SELECT through the driver', () =>
  client.query(page, [nextRoom().room_id, Number.MAX_SAFE_INTEGER]),
);
const openApi = await measure('GET /chat/rooms/:id/messages', () =>
  get(`/api/chat/rooms/${nextRoom().room_id}/messages?limit=50`),
);
ratio(openApi, openBase);

process.stdout.write('\npaging back (50 before a message in the middle)\n');
const backBase = await measure('same SELECT through the driver', () => {
  const room = nextRoom();
  return client.query(page, [room.room_id, room.middle]);
});
const backApi = await measure('GET /chat/rooms/:id/messages?before=', () => {
  const room = nextRoom();
  return get(`/api/chat/rooms/${room.room_id}/messages?limit=50&before=${room.middle}`);
});
ratio(backApi, backBase);

process.stdout.write('\nthe room list (Guardians tab, page 1) and the tab counts\n');
const [viewer] = await db.select().from(users).where(eq(users.id, director.id));
if (!viewer) throw new Error('no viewer');
const listBase = await measure('roomList + tabCounts, called directly', () =>
  Promise.all([roomList(db, viewer, 'GUARDIANS', '', 1, 20), tabCounts(db, viewer)]),
);
const listApi = await measure('GET /chat/rooms + GET /chat/tabs', () =>
  Promise.all([get('/api/chat/rooms?tab=GUARDIANS&page=1&limit=20'), get('/api/chat/tabs')]),
);
ratio(listApi, listBase);

// Reports over their default range (the last 30 days). The messaging report reads counts and runs
// kept as messages arrive (decision 031); the baseline counts the messages it used to read, so
// the ratio says how far below a recount it stays. The recount takes seconds: a few rounds of it.
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const [monthAgo, today] = [day(Date.now() - 30 * 86_400_000), day(Date.now())];
const [baseRounds, reportRounds] = [5, 100];
process.stdout.write(`\nreports (the default range, ${monthAgo} to ${today}; ${reportRounds} rounds)\n`);
const scan = `select count(*) from chat_messages cm join chat_rooms r on r.id = cm.room_id
  where r.organization_id = $1 and cm.created_at >= $2::date and cm.created_at < $3::date + 1`;
const reportBase = await measure(
  `counting those messages through the driver (${baseRounds} rounds)`,
  () => client.query(scan, [organizationId, monthAgo, today]),
  baseRounds,
);
const messaging = await measure('GET /reports/messaging', () => get('/api/reports/messaging'), reportRounds);
ratio(messaging, reportBase);
const unanswered = await measure(
  'GET /reports/unanswered (page 1)',
  () => get('/api/reports/unanswered'),
  reportRounds,
);
ratio(unanswered, reportBase);
await bench.close();
