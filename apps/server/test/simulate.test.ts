import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../src/bootstrap.ts';
import { chatMessages } from '../src/db/schema/index.ts';
import { DEMO_ADMIN } from '../src/seed/demo.ts';
import { simulate } from '../src/simulate/simulate.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { signInAs } from './helpers/factories.ts';

let app: TestApp;
let url: string;

beforeAll(async () => {
  app = await buildTestApp();
  await bootstrap(app.testDatabase, app.identity.admin, {
    SEED_DEMO: true,
    FIELDHOUSE_ADMIN_EMAIL: undefined,
    FIELDHOUSE_ADMIN_PASSWORD: undefined,
  });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await app.close();
});

describe('npm run simulate', () => {
  it('signs seeded people in and chats with the director through the real endpoints', async () => {
    const lines: string[] = [];
    const stats = await simulate({
      url,
      people: 3,
      durationMs: 4000,
      startEverySeconds: 1,
      log: (line) => lines.push(line),
    });
    expect(lines[0]).toMatch(/^3 people online; chatting with Dana Whitaker/);
    expect(stats.sent).toBeGreaterThan(0);
    const stored = await app.testDatabase.db.select().from(chatMessages).where(eq(chatMessages.messageType, 'TEXT'));
    expect(stored.length).toBeGreaterThanOrEqual(stats.sent);
    await expect(signInAs(app, DEMO_ADMIN.email, DEMO_ADMIN.password)).resolves.toBeTruthy();
  }, 30_000);
});
