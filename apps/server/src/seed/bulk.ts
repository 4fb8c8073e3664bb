/** A large, realistic user table for benchmarks: `npm run seed -- --users 100000`. */
import { ROLES } from '@fieldhouse/shared';
import type { Db } from '../db/client.ts';
import { emailFactory, insertUsers, type NewUser, phoneNumber } from './demo.ts';
import { BOY_NAMES, GIRL_NAMES, LAST_NAMES } from './names.ts';
import { createRandom } from './random.ts';

export async function seedBulkUsers(
  db: Db,
  options: { count: number; organizationId: number; seed?: number; onProgress?: (done: number) => void },
): Promise<void> {
  const random = createRandom(options.seed ?? 7);
  const email = emailFactory(`bulk${options.seed ?? 7}-${Date.now().toString(36)}.example`);
  const roles = ROLES.filter((r) => r !== 'SUPER_ADMIN');
  const batch = 5000;
  for (let done = 0; done < options.count; ) {
    const size = Math.min(batch, options.count - done);
    const rows: NewUser[] = Array.from({ length: size }, () => {
      const first = random.pick(random.chance(0.5) ? GIRL_NAMES : BOY_NAMES);
      const last = random.pick(LAST_NAMES);
      const role = random.next() < 0.6 ? 'ATHLETE' : random.next() < 0.7 ? 'PARENT' : random.pick(roles);
      return {
        email: email(first, last),
        firstName: first,
        lastName: last,
        role,
        status: random.chance(0.95) ? 'ACTIVE' : random.pick(['INACTIVE', 'SUSPENDED'] as const),
        organizationId: options.organizationId,
        contactNumber: phoneNumber(random),
        createdAt: new Date(Date.now() - random.int(0, 900) * 86_400_000),
      };
    });
    await db.transaction((tx) => insertUsers(tx, rows, 2000));
    done += size;
    options.onProgress?.(done);
  }
}
