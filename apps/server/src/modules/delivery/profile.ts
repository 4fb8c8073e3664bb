/**
 * One's own profile (issue 18 item 6): name and phone under the directory's rules, and a photo
 * kept in the attachment store (disk or S3, decision 013) under a random key. `userImage` then
 * names `/api/photos/<key>`, which people of the same school read with their bearer token, as
 * they read attachments. Every change is audited as the person's own.
 */
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type MyProfile, PROFILE_PHOTO, type ProfileUpdateInput } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profilePhotos, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { sniffMimeType, type UploadStore } from '../chat/uploads.ts';

type UserRow = typeof users.$inferSelect;

export const PHOTO_PATH = '/api/photos/';
export const photoUrl = (storageKey: string) => `${PHOTO_PATH}${storageKey}`;

export const presentProfile = (user: UserRow): MyProfile => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  contactNumber: user.contactNumber,
  userImage: user.userImage,
  role: user.role,
});

const shown = (user: Pick<UserRow, 'firstName' | 'lastName' | 'contactNumber' | 'userImage'>) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  contactNumber: user.contactNumber,
  userImage: user.userImage,
});

export type ProfileEffects = {
  /** People's open sockets re-read them after the commit (their name in typing and presence). */
  changed: (userIds: number[]) => void;
};

async function lockedSelf(tx: Db, userId: number) {
  // As updateUser: NO KEY UPDATE, so the person's own sends (a key-share lock on this row) never wait.
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  if (!row) throw notFound('User');
  return row;
}

export async function updateProfile(
  db: Db,
  actor: AppUser,
  input: ProfileUpdateInput & Record<string, unknown>,
  effects: ProfileEffects,
) {
  return inTransaction(db, async (tx, afterCommit) => {
    const before = await lockedSelf(tx, actor.id);
    const set: Partial<typeof users.$inferInsert> = {};
    if (input.firstName !== undefined) set.firstName = input.firstName;
    if (input.lastName !== undefined) set.lastName = input.lastName;
    if (input.contactNumber !== undefined) set.contactNumber = input.contactNumber;
    if (Object.keys(set).length === 0) throw badRequest('Send at least one field to change', 'empty_patch');
    const [after] = await tx.update(users).set(set).where(eq(users.id, actor.id)).returning();
    if (!after) throw notFound('User');
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.id,
      action: 'profile.update',
      entityType: 'user',
      entityId: actor.id,
      summary: 'Edited their own profile',
      before: shown(before),
      after: shown(after),
    });
    afterCommit(() => effects.changed([actor.id]));
    return presentProfile(after);
  });
}

/** The photo's type from its bytes; a name or a declared type proves nothing. */
export function photoType(bytes: Buffer): (typeof PROFILE_PHOTO.types)[number] {
  const type = sniffMimeType(bytes.subarray(0, 16));
  const allowed = PROFILE_PHOTO.types as readonly string[];
  if (!allowed.includes(type)) throw badRequest('The photo must be a JPEG, PNG or WebP image', 'photo_type');
  return type as (typeof PROFILE_PHOTO.types)[number];
}

export async function replacePhoto(
  db: Db,
  uploads: UploadStore,
  actor: AppUser,
  bytes: Buffer,
  effects: ProfileEffects,
  log: { warn: (o: object, m: string) => void },
) {
  if (bytes.length === 0) throw badRequest('Send the image as the request body', 'photo_missing');
  if (bytes.length > PROFILE_PHOTO.maxBytes) throw badRequest('The photo must be at most 5 MB', 'photo_too_large');
  const mimeType = photoType(bytes);
  const storageKey = randomBytes(16).toString('hex');
  const temp = join(uploads.root, 'tmp', `photo-${storageKey}`);
  await writeFile(temp, bytes);
  try {
    await uploads.files.put(storageKey, temp, mimeType);
  } finally {
    await rm(temp, { force: true });
  }
  try {
    return await inTransaction(db, async (tx, afterCommit) => {
      const before = await lockedSelf(tx, actor.id);
      const [old] = await tx.select().from(profilePhotos).where(eq(profilePhotos.userId, actor.id));
      await tx
        .insert(profilePhotos)
        .values({ userId: actor.id, storageKey, mimeType, size: bytes.length })
        .onConflictDoUpdate({
          target: profilePhotos.userId,
          set: { storageKey, mimeType, size: bytes.length, createdAt: new Date() },
        });
      const [after] = await tx
        .update(users)
        .set({ userImage: photoUrl(storageKey) })
        .where(eq(users.id, actor.id))
        .returning();
      if (!after) throw notFound('User');
      await recordAudit(tx, {
        organizationId: actor.organizationId,
        actorId: actor.id,
        action: 'profile.photo',
        entityType: 'user',
        entityId: actor.id,
        summary: 'Changed their own photo',
        before: { userImage: before.userImage },
        after: { userImage: after.userImage, mimeType, size: bytes.length },
      });
      // The old file goes once nothing names it any more.
      if (old)
        afterCommit(() =>
          uploads.files.remove(old.storageKey).catch((error: unknown) => log.warn({ err: error }, 'old photo kept')),
        );
      afterCommit(() => effects.changed([actor.id]));
      return presentProfile(after);
    });
  } catch (error) {
    await uploads.files.remove(storageKey).catch(() => {});
    throw error;
  }
}

export async function removePhoto(
  db: Db,
  uploads: UploadStore,
  actor: AppUser,
  effects: ProfileEffects,
  log: { warn: (o: object, m: string) => void },
) {
  return inTransaction(db, async (tx, afterCommit) => {
    const before = await lockedSelf(tx, actor.id);
    const [old] = await tx.delete(profilePhotos).where(eq(profilePhotos.userId, actor.id)).returning();
    if (!old && before.userImage === null) return presentProfile(before);
    const [after] = await tx.update(users).set({ userImage: null }).where(eq(users.id, actor.id)).returning();
    if (!after) throw notFound('User');
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.id,
      action: 'profile.photo-remove',
      entityType: 'user',
      entityId: actor.id,
      summary: 'Removed their own photo',
      before: { userImage: before.userImage },
      after: { userImage: null },
    });
    if (old)
      afterCommit(() =>
        uploads.files.remove(old.storageKey).catch((error: unknown) => log.warn({ err: error }, 'old photo kept')),
      );
    afterCommit(() => effects.changed([actor.id]));
    return presentProfile(after);
  });
}

/**
 * A photo for someone signed in: their own, anyone's of their school, or (SUPER_ADMIN) anyone's.
 * Another school's photo is "not found", like everything of another school.
 */
export async function readablePhoto(db: Db, viewer: AppUser, storageKey: string) {
  const [row] = await db
    .select({ photo: profilePhotos, ownerOrganizationId: users.organizationId })
    .from(profilePhotos)
    .innerJoin(users, eq(users.id, profilePhotos.userId))
    .where(eq(profilePhotos.storageKey, storageKey));
  if (!row) throw notFound('Photo');
  const mine = row.photo.userId === viewer.id;
  const sameSchool = viewer.organizationId !== null && viewer.organizationId === row.ownerOrganizationId;
  if (!mine && !sameSchool && viewer.role !== 'SUPER_ADMIN') throw notFound('Photo');
  return row.photo;
}
