import type { SocketErrorRecord } from '@fieldhouse/shared';

export type ReportedSocketError = SocketErrorRecord & { userId: number | null; receivedAt: number };

/**
 * The recent socket errors browsers reported to this node, newest first. Kept in memory: they
 * answer "is chat healthy right now", which a restart does not need to remember.
 */
export class SocketErrorLog {
  private readonly entries: ReportedSocketError[] = [];

  constructor(private readonly capacity = 200) {}

  add(entry: ReportedSocketError) {
    this.entries.unshift(entry);
    if (this.entries.length > this.capacity) this.entries.length = this.capacity;
  }

  recent(limit = 50): ReportedSocketError[] {
    return this.entries.slice(0, limit);
  }
}
