/**
 * What the e-mail digest reports (decision 028), one source per kind of pending thing. A source
 * says who has something pending and when the newest of it arrived (the job mails a person once
 * per batch: only when that is newer than what their last digest covered), and what one
 * person's digest says about it. Unread messages are built here; pending acknowledgements come
 * from the module that owns them (announcements/digest-source.ts).
 */
import type { Role } from '@fieldhouse/shared';
import type { Db } from '../../db/client.ts';
import { pendingAcknowledgementsSource } from '../announcements/digest-source.ts';
import { unreadMessagesSource } from './unread-messages-source.ts';

export type DigestRecipient = {
  id: number;
  email: string;
  firstName: string;
  role: Role | null;
  organizationId: number;
  /** The school's time zone: times in the mail read as the school's wall clock. */
  timeZone: string;
};

export type DigestItem = {
  /** The conversation's (or announcement's) name. */
  title: string;
  /** "3 unread", "Sent Nov 26": what is pending about it, short. */
  detail: string;
  /** The latest message's first words, say. */
  excerpt: string;
  /** Who wrote it and when, in the school's time zone. */
  byline: string;
  /** Where it opens, as a path of the app the person uses. */
  path: string;
};

export type DigestSection = {
  /** "5 unread messages in 2 conversations". */
  headline: string;
  items: DigestItem[];
  /** Pending things not listed in `items` (a long list is cut). */
  more: number;
};

export interface DigestSource {
  readonly name: string;
  /**
   * Everyone with something pending that arrived at or before `threshold`, with the arrival time
   * of the newest such thing.
   */
  due(db: Db, threshold: Date): Promise<{ userId: number; newestAt: Date }[]>;
  /** What one person's digest says now; null when nothing is pending any more. */
  section(db: Db, recipient: DigestRecipient): Promise<DigestSection | null>;
}

/** Every source, in the order the mail lists them. */
export const digestSources: DigestSource[] = [unreadMessagesSource, pendingAcknowledgementsSource];
