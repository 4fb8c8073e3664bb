/**
 * Replies (decision 023): the quotes a page of messages carries, read in one query. The quote is
 * built from the original as it is now, so an edit shows its new text and an unsend hides it.
 */
import { type MessageQuote, quoteOf } from '@fieldhouse/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessages, users } from '../../db/schema/index.ts';

/** The quotes of the given originals, by original id; none asked, no query. */
export async function loadQuotes(db: Db, originalIds: (number | null)[]): Promise<Map<number, MessageQuote>> {
  const ids = [...new Set(originalIds.filter((id): id is number => id !== null))];
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: chatMessages.id,
      content: chatMessages.content,
      messageType: chatMessages.messageType,
      deletedAt: chatMessages.deletedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(inArray(chatMessages.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      quoteOf(r, r.firstName ? [r.firstName, r.lastName].filter(Boolean).join(' ') : 'Fieldhouse'),
    ]),
  );
}

/** One message's quote, or null when it answers nothing. */
export async function loadQuote(db: Db, originalId: number | null): Promise<MessageQuote | null> {
  if (originalId === null) return null;
  return (await loadQuotes(db, [originalId])).get(originalId) ?? null;
}
