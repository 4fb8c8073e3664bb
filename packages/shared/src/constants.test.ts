import { describe, expect, it } from 'vitest';
import { paginationInfo } from './api.ts';
import { emptyTabs, isSendableText, outgoingMessageSchema } from './chat.ts';
import { CHAT, TOASTS } from './constants.ts';
import { parseCsv, toCsvLine } from './csv.ts';
import { formatDisplayDate } from './date-display.ts';
import { SOCKET_EVENTS } from './socket-events.ts';
import { canUseWebApp, userListQuerySchema } from './user.ts';

describe('pagination info', () => {
  it('describes a middle page', () => {
    expect(paginationInfo(2, 20, 45)).toEqual({
      isFirstPage: false,
      isLastPage: false,
      currentPage: 2,
      previousPage: 1,
      nextPage: 3,
      pageCount: 3,
      totalCount: 45,
    });
  });
  it('treats an empty list as one first and last page', () => {
    expect(paginationInfo(1, 20, 0)).toMatchObject({
      isFirstPage: true,
      isLastPage: true,
      pageCount: 1,
      nextPage: null,
    });
  });
});

describe('chat rules', () => {
  it('refuses empty and over-long text without attachments', () => {
    expect(isSendableText('  ')).toBe(false);
    expect(isSendableText('x'.repeat(CHAT.maxMessageLength))).toBe(true);
    expect(isSendableText('x'.repeat(CHAT.maxMessageLength + 1))).toBe(false);
    expect(outgoingMessageSchema.safeParse({ roomId: 1, message: ' ' }).success).toBe(false);
    expect(
      outgoingMessageSchema.safeParse({
        roomId: 1,
        message: '',
        attachments: [{ isChunked: false, totalSize: 10, chunkCount: 1, originalName: 'a.png' }],
      }).success,
    ).toBe(true);
  });
  it('resets tabs to the three groups with count 0', () => {
    expect(emptyTabs()).toEqual([
      { label: 'Coaches', value: 'COACHES', count: 0 },
      { label: 'Athletes', value: 'ATHLETES', count: 0 },
      { label: 'Guardians', value: 'GUARDIANS', count: 0 },
    ]);
  });
  it('names every socket event once, in kebab-case', () => {
    const names = Object.values(SOCKET_EVENTS);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(-[a-z]+)*(:[a-z]+(-[a-z]+)*)?$/);
  });
});

describe('constants of SPEC §9', () => {
  it('keeps the limits the spec names', () => {
    expect(CHAT.maxFileSizeBytes).toBe(100 * 1024 * 1024);
    expect(CHAT.maxChunkSizeBytes).toBe(512 * 1024);
    expect(TOASTS).toMatchObject({ visibleToasts: 3, durationMs: 4000, widthPx: 356, gapPx: 14, swipeThresholdPx: 45 });
  });
});

describe('date display', () => {
  const now = new Date('2024-03-10T15:00:00Z');
  it('shows N/A for nothing', () => {
    expect(formatDisplayDate(null, now)).toBe('N/A');
    expect(formatDisplayDate('not a date', now)).toBe('N/A');
  });
  it('shows time only for today and a short date otherwise', () => {
    expect(formatDisplayDate('2024-03-10T09:05:00Z', now, 'UTC')).toBe('9:05 AM');
    expect(formatDisplayDate('2024-01-05T12:00:00Z', now, 'UTC')).toBe('Jan 5, 2024');
  });
});

describe('web access', () => {
  it('admits only active admins', () => {
    expect(canUseWebApp({ role: 'ATHLETIC_DIRECTOR', status: 'ACTIVE' })).toBe(true);
    expect(canUseWebApp({ role: 'ATHLETIC_DIRECTOR', status: 'SUSPENDED' })).toBe(false);
    expect(canUseWebApp({ role: 'COACH', status: 'ACTIVE' })).toBe(false);
    expect(canUseWebApp({ role: null, status: 'ACTIVE' })).toBe(false);
  });
});

describe('user list query', () => {
  it('falls back to the SPEC §5 defaults', () => {
    expect(userListQuerySchema.parse({})).toEqual({
      page: 1,
      search: '',
      sort: 'firstName',
      order: 'asc',
      type: '',
      limit: 20,
    });
    expect(
      userListQuerySchema.parse({
        page: '-3',
        sort: 'password',
        order: 'sideways',
        type: 'ALIEN',
        teamId: 'x',
        limit: '500',
      }),
    ).toEqual({
      page: 1,
      search: '',
      sort: 'firstName',
      order: 'asc',
      type: '',
      teamId: undefined,
      limit: 100,
    });
    expect(
      userListQuerySchema.parse({
        page: '3',
        search: ' ana ',
        sort: 'email',
        order: 'desc',
        type: 'COACH',
        teamId: '7',
      }),
    ).toMatchObject({
      page: 3,
      search: 'ana',
      sort: 'email',
      order: 'desc',
      type: 'COACH',
      teamId: 7,
    });
  });
});

describe('csv', () => {
  it('parses quotes, doubled quotes, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\n\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
    ]);
  });
  it('writes safe lines', () => {
    expect(toCsvLine(['a', 'b,c', 'd"e', null, 3, '=cmd()'])).toBe('a,"b,c","d""e",,3,\'=cmd()');
    expect(toCsvLine(['\t=cmd()', '@SUM(A1)', '+1 555'])).toBe("'\t=cmd(),'@SUM(A1),'+1 555");
  });
});
