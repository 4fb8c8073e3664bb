import { CHAT } from '@fieldhouse/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TypingStore, type Typist, typingText } from './typing-store.ts';

const EXPIRY = CHAT.typingTimeoutMs + 1000;

describe('TypingStore', () => {
  let store: TypingStore;

  beforeEach(() => {
    vi.useFakeTimers();
    store = new TypingStore();
  });

  afterEach(() => {
    store.clear();
    vi.useRealTimers();
  });

  it('lists who started typing, per room, in arrival order', () => {
    store.start(1, 10, 'Coach Smith');
    store.start(1, 11, 'Jordan Lee');
    store.start(2, 12, 'Sam Park');
    expect(store.typists(1)).toEqual([
      { userId: 10, name: 'Coach Smith' },
      { userId: 11, name: 'Jordan Lee' },
    ]);
    expect(store.typists(2)).toEqual([{ userId: 12, name: 'Sam Park' }]);
    expect(store.typists(3)).toEqual([]);
  });

  it('removes a typist on stop and leaves the others', () => {
    store.start(1, 10, 'Coach Smith');
    store.start(1, 11, 'Jordan Lee');
    store.stop(1, 10);
    expect(store.typists(1)).toEqual([{ userId: 11, name: 'Jordan Lee' }]);
    store.stop(1, 11);
    expect(store.typists(1)).toEqual([]);
  });

  it('expires a typist CHAT.typingTimeoutMs + 1 s after the last start', () => {
    store.start(1, 10, 'Coach Smith');
    vi.advanceTimersByTime(EXPIRY - 1);
    expect(store.typists(1)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.typists(1)).toEqual([]);
  });

  it('restarts the expiry when the same person starts again', () => {
    store.start(1, 10, 'Coach Smith');
    vi.advanceTimersByTime(EXPIRY - 1000);
    store.start(1, 10, 'Coach Smith');
    vi.advanceTimersByTime(EXPIRY - 1);
    expect(store.typists(1)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.typists(1)).toEqual([]);
  });

  it('does not let an old expiry remove someone who stopped and started again', () => {
    store.start(1, 10, 'Coach Smith');
    vi.advanceTimersByTime(EXPIRY - 1000);
    store.stop(1, 10);
    store.start(1, 10, 'Coach Smith');
    vi.advanceTimersByTime(1000);
    expect(store.typists(1)).toHaveLength(1);
  });

  it('expires each person on their own clock', () => {
    store.start(1, 10, 'Coach Smith');
    vi.advanceTimersByTime(1000);
    store.start(1, 11, 'Jordan Lee');
    vi.advanceTimersByTime(EXPIRY - 1000);
    expect(store.typists(1)).toEqual([{ userId: 11, name: 'Jordan Lee' }]);
    vi.advanceTimersByTime(1000);
    expect(store.typists(1)).toEqual([]);
  });

  it('notifies listeners on each change only, until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    store.start(1, 10, 'Coach Smith');
    expect(listener).toHaveBeenCalledTimes(1);
    store.start(1, 10, 'Coach Smith');
    expect(listener).toHaveBeenCalledTimes(1);
    store.stop(1, 99);
    store.stop(2, 10);
    expect(listener).toHaveBeenCalledTimes(1);
    store.stop(1, 10);
    expect(listener).toHaveBeenCalledTimes(2);
    store.start(1, 10, 'Coach Smith');
    vi.advanceTimersByTime(EXPIRY);
    expect(listener).toHaveBeenCalledTimes(4);

    unsubscribe();
    store.start(1, 11, 'Jordan Lee');
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('returns the same typists array while nothing changed', () => {
    const empty = store.typists(1);
    expect(store.typists(1)).toBe(empty);
    expect(store.typists(2)).toBe(empty);

    store.start(1, 10, 'Coach Smith');
    const one = store.typists(1);
    expect(one).not.toBe(empty);
    store.start(1, 10, 'Coach Smith');
    store.start(2, 11, 'Jordan Lee');
    store.stop(1, 99);
    expect(store.typists(1)).toBe(one);

    store.start(1, 12, 'Sam Park');
    expect(store.typists(1)).not.toBe(one);
    expect(one).toEqual([{ userId: 10, name: 'Coach Smith' }]);
  });

  it('clears everyone, cancels the expiries and notifies', () => {
    const listener = vi.fn();
    store.subscribe(listener);
    store.start(1, 10, 'Coach Smith');
    store.start(2, 11, 'Jordan Lee');
    listener.mockClear();

    store.clear();

    expect(store.typists(1)).toEqual([]);
    expect(store.typists(2)).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('typingText', () => {
  const typist = (userId: number, name: string): Typist => ({ userId, name });

  it('is null when nobody types', () => {
    expect(typingText([])).toBeNull();
  });

  it('names one typist', () => {
    expect(typingText([typist(1, 'Coach Smith')])).toBe('Coach Smith is typing…');
  });

  it('names two typists', () => {
    expect(typingText([typist(1, 'Coach Smith'), typist(2, 'Jordan Lee')])).toBe(
      'Coach Smith and Jordan Lee are typing…',
    );
  });

  it('summarises three or more', () => {
    const three = [typist(1, 'A'), typist(2, 'B'), typist(3, 'C')];
    expect(typingText(three)).toBe('Several people are typing…');
    expect(typingText([...three, typist(4, 'D')])).toBe('Several people are typing…');
  });
});
