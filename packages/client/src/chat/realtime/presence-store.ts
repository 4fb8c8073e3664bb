/** The last known presence of people the screen shows: a snapshot query, then live events. */
export type PresenceStatus = 'online' | 'away' | 'offline';

export class PresenceStore {
  private statuses = new Map<number, PresenceStatus>();
  private readonly listeners = new Set<() => void>();

  set(userId: number, status: PresenceStatus) {
    if (this.statuses.get(userId) === status) return;
    this.statuses = new Map(this.statuses).set(userId, status);
    this.changed();
  }

  merge(snapshot: Record<number, PresenceStatus>) {
    const changes = Object.entries(snapshot).filter(([id, status]) => this.statuses.get(Number(id)) !== status);
    if (changes.length === 0) return;
    const next = new Map(this.statuses);
    for (const [id, status] of changes) next.set(Number(id), status);
    this.statuses = next;
    this.changed();
  }

  status(userId: number): PresenceStatus {
    return this.statuses.get(userId) ?? 'offline';
  }

  /** Everything, as one immutable value: what useSyncExternalStore reads. */
  snapshot = () => this.statuses;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private changed() {
    for (const listener of this.listeners) listener();
  }
}
