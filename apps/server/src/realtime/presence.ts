/**
 * Presence per user across all their sockets (tabs, devices) on this node: online if any socket
 * is online, away if all are away, offline when the last one leaves.
 */
export type PresenceStatus = 'online' | 'away' | 'offline';

export class PresenceTracker {
  private readonly sockets = new Map<number, Map<string, PresenceStatus>>();

  status(userId: number): PresenceStatus {
    const states = [...(this.sockets.get(userId)?.values() ?? [])];
    if (states.length === 0) return 'offline';
    return states.includes('online') ? 'online' : 'away';
  }

  /** Records a socket's state; returns the user's new status when it changed. */
  set(userId: number, socketId: string, state: PresenceStatus): PresenceStatus | null {
    const before = this.status(userId);
    const sockets = this.sockets.get(userId) ?? new Map<string, PresenceStatus>();
    if (state === 'offline') sockets.delete(socketId);
    else sockets.set(socketId, state);
    if (sockets.size === 0) this.sockets.delete(userId);
    else this.sockets.set(userId, sockets);
    const after = this.status(userId);
    return after === before ? null : after;
  }
}
