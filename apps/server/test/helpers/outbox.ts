import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { mailOutbox } from '../../src/db/schema/index.ts';

/** The six-digit code in the newest mail to `to`, as a person would read it. */
export async function latestCode(db: Db, to: string): Promise<string> {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to.toLowerCase()))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
