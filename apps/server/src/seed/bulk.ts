/**
 * A large, realistic user table for benchmarks: `npm run seed -- --users 100000`, in one school,
 * or spread over a district's schools (`--schools 200`).
 */
import { ROLES } from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { organizations } from '../db/schema/index.ts';
import { emailFactory, insertUsers, type NewUser, phoneNumber } from './demo.ts';
import { BOY_NAMES, GIRL_NAMES, LAST_NAMES } from './names.ts';
import { createRandom } from './random.ts';

export async function seedBulkUsers(
  db: Db,
  options: {
    count: number;
    /** One school, or several that share the users in turn. */
    organizationId: number | number[];
    seed?: number;
    onProgress?: (done: number) => void;
  },
): Promise<void> {
  const schools = [options.organizationId].flat();
  const random = createRandom(options.seed ?? 7);
  const email = emailFactory(`bulk${options.seed ?? 7}-${Date.now().toString(36)}.example`);
  const roles = ROLES.filter((r) => r !== 'SUPER_ADMIN');
  const batch = 5000;
  for (let done = 0; done < options.count; ) {
    const size = Math.min(batch, options.count - done);
    const rows: NewUser[] = Array.from({ length: size }, (_, i) => {
      const first = random.pick(random.chance(0.5) ? GIRL_NAMES : BOY_NAMES);
      const last = random.pick(LAST_NAMES);
      const role = random.next() < 0.6 ? 'ATHLETE' : random.next() < 0.7 ? 'PARENT' : random.pick(roles);
      return {
        email: email(first, last),
        firstName: first,
        lastName: last,
        role,
        status: random.chance(0.95) ? 'ACTIVE' : random.pick(['INACTIVE', 'SUSPENDED'] as const),
        organizationId: schools[(done + i) % schools.length] as number,
        contactNumber: phoneNumber(random),
        createdAt: new Date(Date.now() - random.int(0, 900) * 86_400_000),
      };
    });
    await db.transaction((tx) => insertUsers(tx, rows, 2000));
    done += size;
    options.onProgress?.(done);
  }
  // Plans for every query on users depend on its statistics: do not wait for autovacuum.
  await db.execute(sql`analyze users`);
}

/** `count` more schools of a district (named, with their own slug), for users to be spread over. */
export async function addBenchSchools(db: Db, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const tag = Date.now().toString(36);
  const rows = await db
    .insert(organizations)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `District School ${i + 2}`,
        slug: `district-${tag}-${i + 2}`,
      })),
    )
    .returning({ id: organizations.id });
  return rows.map((r) => r.id);
}
