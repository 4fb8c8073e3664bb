/**
 * The e-mail digest job (decision 028). Every DIGEST_CHECK_SECONDS one node (a PostgreSQL
 * advisory lock; the others skip that round) looks for people who have something pending that
 * arrived DIGEST_AFTER_MINUTES ago or earlier, newer than what their last digest covered, who have
 * not been seen for DIGEST_AFTER_MINUTES and are not looking at the app now, with the digest on.
 * Each one's claim is a conditional upsert of `digest_covered_until` in the transaction that
 * writes the outbox row, so a person is mailed once per batch even if two runs overlapped; SMTP
 * gets the mail after that commit.
 */
import { notificationAppUrl } from '@fieldhouse/shared';
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Database } from '../../db/client.ts';
import { deliveryState, notificationPreferences, organizations, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { digestMail } from './digest-mail.ts';
import type { DigestRecipient, DigestSection, DigestSource } from './digest-sources.ts';
import { lookingUsers } from './looking.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

/** Advisory-lock key of the digest job ("fh-dgst"). */
export const DIGEST_LOCK_KEY = 0x66_68_64_67;
/** People looked up per statement. */
const DUE_SLICE = 5_000;
/** People mailed in one round at most; the rest wait for the next. */
const PER_ROUND = 500;

export type DigestJobDeps = {
  database: Database;
  io: Server;
  mailer: Mailer;
  sources: DigestSource[];
  tokens: UnsubscribeTokens;
  afterMinutes: number;
  checkSeconds: number;
  /** The address links start with (PUBLIC_URL). */
  publicUrl: () => string;
  log: {
    error: (o: object, m: string) => void;
    info: (o: object, m: string) => void;
    debug: (o: object, m: string) => void;
  };
  countMail: () => void;
};

type Candidate = {
  id: number;
  email: string;
  firstName: string;
  role: DigestRecipient['role'];
  organizationId: number | null;
  timeZone: string;
  coveredUntil: Date | null;
};

export class DigestJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly deps: DigestJobDeps) {}

  /** Starts the rounds; the timer never keeps the process alive. */
  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.deps.checkSeconds * 1000);
    this.timer.unref();
  }

  /** Stops the rounds and waits for one under way (shutdown, before the database closes). */
  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => {});
  }

  get started() {
    return this.timer !== undefined;
  }

  private async tick() {
    if (this.running) return;
    try {
      const queued = await this.runOnce();
      this.deps.log.debug({ queued, ranHere: queued !== null }, 'digest round');
    } catch (error) {
      this.deps.log.error({ err: error }, 'digest round failed');
    }
  }

  /**
   * One round as of `now` (tests move the clock forward): how many digests it queued, or null
   * when another node held the lock.
   */
  async runOnce(now: Date = new Date()): Promise<number | null> {
    const round = this.deps.database.withTryLock(DIGEST_LOCK_KEY, () => this.round(now));
    this.running = round;
    try {
      const result = await round;
      return result.ran ? result.value : null;
    } finally {
      if (this.running === round) this.running = undefined;
    }
  }

  private async round(now: Date): Promise<number> {
    const { database, io, sources } = this.deps;
    const db = database.db;
    const threshold = new Date(now.getTime() - this.deps.afterMinutes * 60_000);
    const newest = new Map<number, Date>();
    for (const source of sources)
      for (const { userId, newestAt } of await source.due(db, threshold))
        if (!(newest.get(userId) && (newest.get(userId) as Date) >= newestAt)) newest.set(userId, newestAt);
    if (newest.size === 0) return 0;

    const candidates: Candidate[] = [];
    // In slices: a statement takes at most 65,535 parameters.
    const due = [...newest.keys()];
    for (let at = 0; at < due.length; at += DUE_SLICE)
      candidates.push(...(await this.candidates(due.slice(at, at + DUE_SLICE), threshold)));
    const fresh = candidates
      .filter((c) => !c.coveredUntil || c.coveredUntil < (newest.get(c.id) as Date))
      .slice(0, PER_ROUND);
    if (fresh.length === 0) return 0;
    const looking = await lookingUsers(
      io,
      fresh.map((c) => c.id),
    );
    let queued = 0;
    for (const candidate of fresh) {
      if (looking.has(candidate.id)) continue;
      const recipient: DigestRecipient = { ...candidate, organizationId: candidate.organizationId as number };
      try {
        if (await this.mailOne(recipient, newest.get(candidate.id) as Date, now)) queued++;
      } catch (error) {
        this.deps.log.error({ err: error, userId: candidate.id }, 'digest not sent');
      }
    }
    if (queued) this.deps.log.info({ queued }, 'notification digests queued');
    return queued;
  }

  /**
   * Of these people: seen at least once (someone who never opened the app has only their
   * invite), not since the threshold, digest on, ACTIVE in an active school.
   */
  private candidates(userIds: number[], threshold: Date): Promise<Candidate[]> {
    const db = this.deps.database.db;
    return db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        role: users.role,
        organizationId: users.organizationId,
        timeZone: organizations.timezone,
        coveredUntil: deliveryState.digestCoveredUntil,
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .innerJoin(deliveryState, eq(deliveryState.userId, users.id))
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(
        and(
          inArray(users.id, userIds),
          eq(users.status, 'ACTIVE'),
          isNull(organizations.deactivatedAt),
          or(isNull(notificationPreferences.emailDigest), eq(notificationPreferences.emailDigest, true)),
          isNotNull(deliveryState.lastSeenAt),
          lte(deliveryState.lastSeenAt, threshold),
        ),
      );
  }

  private async mailOne(recipient: DigestRecipient, covers: Date, now: Date): Promise<boolean> {
    const db = this.deps.database.db;
    const sections: DigestSection[] = [];
    for (const source of this.deps.sources) {
      const section = await source.section(db, recipient);
      if (section) sections.push(section);
    }
    // Read meanwhile: nothing to say, and nothing claimed, so a later batch still mails.
    if (sections.length === 0) return false;
    const base = this.deps.publicUrl().replace(/\/+$/, '');
    const mail = digestMail(recipient, sections, {
      base,
      appUrl: `${base}${notificationAppUrl(null, recipient.role)}`,
      unsubscribeUrl: `${base}/api/notifications/unsubscribe?token=${this.deps.tokens.make(recipient.id)}`,
    });
    return inTransaction(db, async (tx, afterCommit) => {
      const claimed = await tx
        .insert(deliveryState)
        .values({ userId: recipient.id, digestCoveredUntil: covers, digestSentAt: now })
        .onConflictDoUpdate({
          target: deliveryState.userId,
          set: { digestCoveredUntil: covers, digestSentAt: now },
          setWhere: sql`${deliveryState.digestCoveredUntil} is null or ${deliveryState.digestCoveredUntil} < ${covers.toISOString()}`,
        })
        .returning({ userId: deliveryState.userId });
      if (claimed.length === 0) return false;
      const dispatch = await this.deps.mailer.enqueue(tx, mail);
      afterCommit(dispatch);
      afterCommit(this.deps.countMail);
      return true;
    });
  }
}
