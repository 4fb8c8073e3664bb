/**
 * Who is typing where. The server says start and stop (and stops by itself after 3 s); a local
 * expiry covers a stop that never arrives, say after a dropped connection.
 */
import { CHAT } from '@fieldhouse/shared';

export type Typist = { userId: number; name: string };

export class TypingStore {
  private readonly rooms = new Map<number, Typist[]>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<() => void>();

  start(roomId: number, userId: number, name: string) {
    const key = `${roomId}:${userId}`;
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => this.stop(roomId, userId), CHAT.typingTimeoutMs + 1000),
    );
    const list = this.rooms.get(roomId) ?? [];
    if (list.some((t) => t.userId === userId)) return;
    this.rooms.set(roomId, [...list, { userId, name }]);
    this.changed();
  }

  stop(roomId: number, userId: number) {
    const key = `${roomId}:${userId}`;
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    const list = this.rooms.get(roomId);
    if (!list?.some((t) => t.userId === userId)) return;
    const rest = list.filter((t) => t.userId !== userId);
    if (rest.length) this.rooms.set(roomId, rest);
    else this.rooms.delete(roomId);
    this.changed();
  }

  clear() {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.rooms.clear();
    this.changed();
  }

  typists(roomId: number): Typist[] {
    return this.rooms.get(roomId) ?? NOBODY;
  }

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

const NOBODY: Typist[] = [];

/** 'Coach Smith is typing…', 'A and B are typing…', 'Several people are typing…'. */
export function typingText(typists: Typist[]): string | null {
  const [first, second] = typists;
  if (!first) return null;
  if (!second) return `${first.name} is typing…`;
  if (typists.length === 2) return `${first.name} and ${second.name} are typing…`;
  return 'Several people are typing…';
}
