import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { OFFLINE_ROOMS, offlineQueries } from './snapshot.ts';

const history = (roomId: number) => ['chat', 'messages', roomId, 'latest'];
const pages = (...ids: number[]) => ({ pages: ids.map((id) => ({ messages: [{ id }] })), pageParams: ids });

function clientWith(entries: [readonly unknown[], unknown, number][]) {
  const client = new QueryClient();
  for (const [key, data, at] of entries) client.setQueryData(key, data, { updatedAt: at });
  return client;
}

describe('what the offline copy keeps', () => {
  it('keeps the screens read, never other data, and one page of each list', () => {
    const client = clientWith([
      [['me', 'conversations', 'list', ''], pages(1, 2), 1],
      [['me', 'conversations', 'list', 'smith'], pages(3), 1],
      [['me', 'profile'], { phone: '555' }, 1],
      [history(7), pages(10, 20, 30), 2],
      [['chat', 'room', 7], { id: 7 }, 2],
      [['chat', 'messages', 7, 99], pages(99), 2],
    ]);
    const kept = offlineQueries(client).queries;
    expect(kept.map((q) => q.queryKey)).toEqual([['me', 'conversations', 'list', ''], history(7), ['chat', 'room', 7]]);
    // The list's first page; the conversation's newest page (the last one loaded).
    expect(kept[0]?.state.data).toEqual(pages(1));
    expect(kept[1]?.state.data).toEqual(pages(30));
  });

  it(`keeps only the ${OFFLINE_ROOMS} conversations read last, with their details`, () => {
    const rooms = Array.from({ length: OFFLINE_ROOMS + 2 }, (_, i) => i + 1);
    const client = clientWith(
      rooms.flatMap((id): [readonly unknown[], unknown, number][] => [
        [history(id), pages(id), id],
        [['chat', 'room', id], { id }, id],
      ]),
    );
    const kept = offlineQueries(client).queries.map((q) => q.queryKey);
    const keptRooms = [...new Set(kept.map((key) => key[2]))].sort((a, b) => Number(a) - Number(b));
    expect(keptRooms).toEqual(rooms.slice(2));
  });

  it('adds what the earlier copy had and this page has not loaded; this page wins', () => {
    const earlier = offlineQueries(
      clientWith([
        [['me', 'conversations', 'list', ''], pages(1), 1],
        [history(7), pages(10), 1],
      ]),
    ).queries;
    const now = clientWith([[history(7), pages(11), 5]]);
    const kept = offlineQueries(now, earlier).queries;
    expect(kept.find((q) => q.queryKey[1] === 'conversations')?.state.data).toEqual(pages(1));
    expect(kept.find((q) => q.queryKey[1] === 'messages')?.state.data).toEqual(pages(11));
    expect(kept).toHaveLength(2);
  });
});
