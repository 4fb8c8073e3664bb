/**
 * The director's side of safeguarding (decision 018): who the organization's safeguarding
 * contacts are, who stands in while none is named (its athletic directors), and the
 * conversations that hold a minor without a guardian who can see them: observed by a second
 * adult, or held.
 */
import {
  ADMIN_ROLES,
  isMinorAthlete,
  type SafeguardedConversation,
  type SafeguardingSettings,
} from '@fieldhouse/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatRoomMembers, guardianLinks, organizations, safeguardingContacts, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { presentPerson } from '../users/presenter.ts';
import { personColumns } from './facts.ts';
import { listNames, personName } from './notes.ts';
import { type Reconciled, reconcileOrganization } from './reconcile.ts';

/** How many of those conversations the settings page lists (newest first). */
const CONVERSATION_LIMIT = 50;

const contactsOf = (db: Db, organizationId: number) =>
  db
    .select({ user: users })
    .from(safeguardingContacts)
    .innerJoin(users, eq(users.id, safeguardingContacts.userId))
    .where(and(eq(safeguardingContacts.organizationId, organizationId), ne(users.status, 'DELETED')))
    .orderBy(asc(safeguardingContacts.createdAt), asc(users.id));

export async function safeguardingSettings(
  db: Db,
  organizationId: number,
  viewer: AppUser,
): Promise<SafeguardingSettings> {
  const [organization] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) throw notFound('Organization');
  const [contacts, staff, conversations] = await Promise.all([
    contactsOf(db, organizationId),
    db
      .select()
      .from(users)
      .where(
        and(
          eq(users.organizationId, organizationId),
          eq(users.status, 'ACTIVE'),
          inArray(users.role, [...ADMIN_ROLES]),
        ),
      )
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
    observedConversations(db, organizationId, viewer.id),
  ]);
  return {
    organization,
    contacts: contacts.map((c) => presentPerson(c.user)),
    fallback: staff.filter((u) => u.role === 'ATHLETIC_DIRECTOR').map(presentPerson),
    candidates: staff.map(presentPerson),
    conversations,
  };
}

async function observedConversations(db: Db, organizationId: number, viewerId: number) {
  const { rows } = await db.execute<{
    id: number;
    kind: SafeguardedConversation['kind'];
    name: string | null;
    team_name: string | null;
    direct_key: string | null;
    hold: string | null;
    last_message_at: Date | string | null;
  }>(sql`
    select r.id, r.kind, r.name, t.name as team_name, r.direct_key, r.safeguarding_hold as hold, r.last_message_at
    from chat_rooms r left join teams t on t.id = r.team_id
    where r.organization_id = ${organizationId}
      and (r.safeguarding_hold is not null
        or exists (select 1 from chat_room_members m where m.room_id = r.id and m.reason = 'SAFEGUARDING'))
    order by r.last_message_at desc nulls last, r.id desc
    limit ${CONVERSATION_LIMIT}`);
  if (rows.length === 0) return [];
  const roomIds = rows.map((r) => Number(r.id));
  const members = await db
    .select({ roomId: chatRoomMembers.roomId, reason: chatRoomMembers.reason, ...personColumns })
    .from(chatRoomMembers)
    .innerJoin(users, eq(users.id, chatRoomMembers.userId))
    .where(inArray(chatRoomMembers.roomId, roomIds));
  const minorIds = [...new Set(members.filter((m) => isMinorAthlete(m)).map((m) => m.id))];
  const links = minorIds.length
    ? await db
        .select({ athleteId: guardianLinks.athleteId, guardianId: guardianLinks.guardianId })
        .from(guardianLinks)
        .where(inArray(guardianLinks.athleteId, minorIds))
    : [];
  return rows.map((room): SafeguardedConversation => {
    const inRoom = members.filter((m) => m.roomId === Number(room.id));
    const watching = new Set(inRoom.filter((m) => m.reason === 'GUARDIAN' && m.status === 'ACTIVE').map((m) => m.id));
    const pair = room.direct_key?.split(':').map(Number) ?? [];
    const title =
      room.kind === 'DIRECT'
        ? listNames(inRoom.filter((m) => pair.includes(m.id)).map(personName))
        : (room.team_name ?? room.name ?? 'Group chat');
    return {
      roomId: Number(room.id),
      kind: room.kind,
      title,
      minors: inRoom
        .filter((m) => isMinorAthlete(m) && !links.some((l) => l.athleteId === m.id && watching.has(l.guardianId)))
        .map((m) => ({ id: m.id, name: personName(m), birthDateKnown: m.dateOfBirth !== null })),
      observers: inRoom.filter((m) => m.reason === 'SAFEGUARDING').map((m) => ({ id: m.id, name: personName(m) })),
      hold: room.hold,
      viewerIsMember: inRoom.some((m) => m.id === viewerId),
      lastMessageAt: room.last_message_at ? new Date(room.last_message_at).toISOString() : null,
    };
  });
}

/**
 * Replaces the organization's contacts: active administrators of the organization only. The
 * rooms that need a second adult are reconciled in the same transaction; run `emit` after it.
 */
export async function setContacts(
  tx: Db,
  organizationId: number,
  actor: AppUser,
  userIds: number[],
): Promise<Reconciled> {
  const [organization] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) throw notFound('Organization');
  const chosen = userIds.length
    ? await tx
        .select()
        .from(users)
        .where(
          and(
            inArray(users.id, userIds),
            eq(users.organizationId, organizationId),
            eq(users.status, 'ACTIVE'),
            inArray(users.role, [...ADMIN_ROLES]),
          ),
        )
    : [];
  if (chosen.length !== userIds.length)
    throw badRequest(
      'userIds: every safeguarding contact must be an active administrator of this organization',
      'safeguarding_contact',
    );
  const before = (await contactsOf(tx, organizationId)).map((c) => c.user);
  await tx.delete(safeguardingContacts).where(eq(safeguardingContacts.organizationId, organizationId));
  if (userIds.length)
    await tx
      .insert(safeguardingContacts)
      .values(userIds.map((userId) => ({ organizationId, userId, addedById: actor.id })));
  const names = (people: AppUser[]) => people.map(personName);
  const ordered = userIds.map((id) => chosen.find((u) => u.id === id) as AppUser);
  await recordAudit(tx, {
    organizationId,
    actorId: actor.id,
    action: 'safeguarding.contacts',
    entityType: 'organization',
    entityId: organizationId,
    summary: ordered.length
      ? `Named ${listNames(names(ordered))} as safeguarding ${ordered.length === 1 ? 'contact' : 'contacts'}`
      : 'Removed every safeguarding contact (athletic directors stand in)',
    before: { contacts: names(before) },
    after: { contacts: names(ordered) },
  });
  return reconcileOrganization(tx, organizationId, 'contacts');
}
