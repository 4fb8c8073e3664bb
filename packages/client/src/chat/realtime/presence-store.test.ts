import { describe, expect, it, vi } from 'vitest';
import { PresenceStore } from './presence-store.ts';

describe('PresenceStore', () => {
  it("says 'offline' for someone it has not heard of", () => {
    expect(new PresenceStore().status(42)).toBe('offline');
  });

  it('keeps the latest status set per person', () => {
    const store = new PresenceStore();
    store.set(1, 'online');
    store.set(2, 'away');
    store.set(1, 'away');
    expect(store.status(1)).toBe('away');
    expect(store.status(2)).toBe('away');
    expect(store.status(3)).toBe('offline');
  });

  it('merges a snapshot over what it knows', () => {
    const store = new PresenceStore();
    store.set(1, 'online');
    store.set(2, 'online');
    store.merge({ 2: 'away', 3: 'online' });
    expect(store.status(1)).toBe('online');
    expect(store.status(2)).toBe('away');
    expect(store.status(3)).toBe('online');
    expect([...store.snapshot().keys()].every((key) => typeof key === 'number')).toBe(true);
  });

  it('gives a new snapshot on a change and leaves the old one as it was', () => {
    const store = new PresenceStore();
    const before = store.snapshot();
    store.set(1, 'online');
    const afterSet = store.snapshot();
    expect(afterSet).not.toBe(before);
    expect(before.size).toBe(0);
    expect(afterSet.get(1)).toBe('online');

    store.merge({ 1: 'away' });
    expect(store.snapshot()).not.toBe(afterSet);
    expect(afterSet.get(1)).toBe('online');
    expect(store.snapshot().get(1)).toBe('away');
  });

  it('keeps the snapshot and stays quiet when a status is set to what it already is', () => {
    const store = new PresenceStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(1, 'online');
    const snapshot = store.snapshot();
    listener.mockClear();

    store.set(1, 'online');

    expect(store.snapshot()).toBe(snapshot);
    expect(store.snapshot()).toBe(store.snapshot());
    expect(listener).not.toHaveBeenCalled();
  });

  it('notifies listeners of changes until they unsubscribe', () => {
    const store = new PresenceStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(1, 'online');
    store.merge({ 2: 'away' });
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.set(1, 'away');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
