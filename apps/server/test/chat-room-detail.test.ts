import { apiResponseSchema, roomDetailSchema } from '@fieldhouse/shared';
import { describe, expect, it } from 'vitest';
import { as, withSchools } from './helpers/directory.ts';

const t = withSchools();

const detail = apiResponseSchema(roomDetailSchema);

describe('GET /api/chat/rooms/:id', () => {
  it('shows a direct room’s pair and the guardian who sees a minor’s conversation', async () => {
    const coach = await as(t.app, t.school.coach);
    const opened = await coach.post('/api/chat/rooms/direct', { userId: t.school.athlete.id });
    expect(opened.statusCode, opened.body).toBe(200);
    const roomId = opened.json().data.id as number;
    const res = await coach.get(`/api/chat/rooms/${roomId}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = detail.parse(res.json());
    expect(data.kind).toBe('DIRECT');
    expect(data.directUserIds?.sort()).toEqual([t.school.coach.id, t.school.athlete.id].sort());
    expect(data.members.find((m) => m.id === t.school.parent.id)?.reason).toBe('GUARDIAN');
  });

  it('shows a team room with its team', async () => {
    const director = await as(t.app, t.school.director);
    const rooms = await director.get(`/api/chat/teams/${t.school.varsity.id}/rooms`);
    const roomId = rooms.json().data[0].id as number;
    const { data } = detail.parse((await director.get(`/api/chat/rooms/${roomId}`)).json());
    expect(data.team).toEqual({ id: t.school.varsity.id, name: t.school.varsity.name });
    expect(data.members.map((m) => m.id)).toEqual(expect.arrayContaining([t.school.coach.id, t.school.athlete.id]));
  });

  it('refuses people outside the room and other organizations', async () => {
    const coach = await as(t.app, t.school.coach);
    const roomId = (await coach.post('/api/chat/rooms/direct', { userId: t.school.assistant.id })).json().data.id;
    expect((await (await as(t.app, t.school.parent)).get(`/api/chat/rooms/${roomId}`)).statusCode).toBe(403);
    expect((await (await as(t.app, t.other.director)).get(`/api/chat/rooms/${roomId}`)).statusCode).toBe(404);
    // Administrators read others' direct conversations only through supervision (with a reason).
    expect((await (await as(t.app, t.school.administrator)).get(`/api/chat/rooms/${roomId}`)).statusCode).toBe(403);
    expect((await (await as(t.app, t.school.director)).get(`/api/chat/rooms/${roomId}/messages`)).statusCode).toBe(403);
    const missing = await coach.get('/api/chat/rooms/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, message: expect.any(String) });
  });
});
