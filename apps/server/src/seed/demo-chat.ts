/**
 * The demo's chat, so a first sign-in shows a department that talks: the demo admin has
 * conversations with coaches, athletes and guardians (some unread, spread over the last days),
 * the demo coach has asked a question as a poll, and a team room has its own thread. Goes
 * through the chat module, so counters and room lists are as real use leaves them; no
 * randomness, so the seed stays deterministic.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { chatMessages, chatRoomMembers, chatRooms, teamMembers, teams, users } from '../db/schema/index.ts';
import type { AppUser } from '../modules/auth/authenticate.ts';
import { markRead, sendMessage } from '../modules/chat/messages.ts';
import { createPoll, vote } from '../modules/chat/polls.ts';
import { ensureDirectRoom, type Room } from '../modules/chat/rooms.ts';
import { ensureTeamRoom } from '../modules/chat/team-room.ts';

type Line = [from: 'them' | 'admin', text: string];

const COACH_THREADS: Line[][] = [
  [
    ['them', 'Can we move Thursday’s practice to the auxiliary gym? The main floor is being refinished.'],
    ['admin', 'Yes — I’ve booked the aux gym 3:30–5:30. Custodial knows.'],
    ['them', 'Perfect, thank you!'],
  ],
  [
    ['them', 'Two of my athletes still have no physicals on file. Can the office send a reminder?'],
    ['admin', 'Sending it this afternoon. Who are they?'],
    ['them', 'I’ll email you the names. Also: are we still on for the bus at 2:45 Friday?'],
  ],
  [
    ['them', 'Uniform order came in short by six jerseys, sizes M and L.'],
    ['them', 'Vendor says two weeks for the rest. Okay to play in last year’s set until then?'],
  ],
];

const ATHLETE_THREADS: Line[][] = [
  [
    ['them', 'Hi! Is the weight room open before school this week?'],
    ['admin', 'Yes, 6:45–7:30 every day, Coach Rivera supervises.'],
  ],
  [['them', 'I left my eligibility form with the front office on Monday — did it make it to you?']],
];

const GUARDIAN_THREADS: Line[][] = [
  [
    ['them', 'Will the away game on Saturday have a spectator bus?'],
    ['admin', 'Not this time — parking at the host school is free, and the address is on the calendar.'],
    ['them', 'Thanks, we’ll drive.'],
  ],
  [['them', 'My daughter has a dentist appointment Tuesday at 3. Who should I tell about missing practice?']],
];

const TEAM_THREAD: string[] = [
  'Film session moved to the library, room 114.',
  'Reminder: jerseys go home in the bag, not in lockers.',
  'Great win last night. Recovery day tomorrow — light jog and stretching only.',
];

async function firstUsers(
  db: Db,
  organizationId: number,
  role: 'COACH' | 'ATHLETE' | 'PARENT',
  n: number,
  skip: number[],
) {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, role), eq(users.status, 'ACTIVE')))
    .orderBy(asc(users.id))
    .limit(n + skip.length);
  return rows.filter((u) => !skip.includes(u.id)).slice(0, n);
}

/** Spreads a room's messages back in time, `hoursAgo` for the newest, a few minutes apart. */
async function backdate(db: Db, room: Room, hoursAgo: number) {
  await db.execute(sql`
    update ${chatMessages} m set created_at = now() - make_interval(hours => ${hoursAgo})
      - make_interval(mins => (select count(*) from ${chatMessages} n where n.room_id = m.room_id and n.id > m.id)::int * 7)
    where m.room_id = ${room.id}`);
  await db.execute(sql`
    update ${chatRooms} set last_message_at = (select max(created_at) from ${chatMessages} where room_id = ${room.id})
    where id = ${room.id}`);
}

async function conversation(db: Db, admin: AppUser, other: AppUser, lines: Line[], hoursAgo: number, read: boolean) {
  const room = await ensureDirectRoom(db, admin, other);
  for (const [from, text] of lines)
    await sendMessage(db, from === 'admin' ? admin : other, room, { content: text, messageType: 'TEXT' });
  await backdate(db, room, hoursAgo);
  if (read) await markRead(db, room.id, admin.id);
  return room;
}

export async function seedDemoChat(db: Db, adminEmail: string, coachEmail: string) {
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.email, [adminEmail, coachEmail]));
  const admin = people.find((p) => p.email === adminEmail);
  const coach = people.find((p) => p.email === coachEmail);
  if (!admin?.organizationId || !coach) throw new Error('demo chat: the admin or the coach is missing');
  const org = admin.organizationId;

  // The demo coach's question, as a poll: the newest conversation, unread.
  const room = await ensureDirectRoom(db, coach, admin);
  await sendMessage(db, coach, room, {
    content: 'We need an evening for the preseason meeting with athletes and parents.',
    messageType: 'TEXT',
  });
  const { message } = await createPoll(db, coach, room, {
    question: 'Which evening works for the preseason meeting?',
    options: ['Monday 6:30 pm', 'Tuesday 6:30 pm', 'Thursday 7:00 pm'],
    multipleChoice: false,
    closesAt: null,
  });
  const tuesday = message.poll?.options[1];
  if (message.poll && tuesday) await vote(db, coach, message.poll.id, [tuesday.id]);

  const coaches = await firstUsers(db, org, 'COACH', COACH_THREADS.length, [coach.id]);
  const athletes = await firstUsers(db, org, 'ATHLETE', ATHLETE_THREADS.length, []);
  const guardians = await firstUsers(db, org, 'PARENT', GUARDIAN_THREADS.length, []);
  const threads = [
    ...coaches.map((u, i) => [u, COACH_THREADS[i]] as const),
    ...athletes.map((u, i) => [u, ATHLETE_THREADS[i]] as const),
    ...guardians.map((u, i) => [u, GUARDIAN_THREADS[i]] as const),
  ];
  for (const [index, [person, lines]] of threads.entries()) {
    if (!lines) continue;
    // Threads that end with their question are unread; answered ones are read.
    await conversation(db, admin, person, lines, 2 + index * 9, lines.at(-1)?.[0] === 'admin');
  }

  // The demo coach's first team with a roster gets a team-room thread.
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
    .where(eq(teams.organizationId, org))
    .orderBy(asc(teams.id))
    .limit(1);
  if (team) {
    const teamRoom = await ensureTeamRoom(db, team.id);
    const [member] = await db
      .select({ userId: chatRoomMembers.userId })
      .from(chatRoomMembers)
      .innerJoin(users, eq(users.id, chatRoomMembers.userId))
      .where(and(eq(chatRoomMembers.roomId, teamRoom.id), eq(users.role, 'COACH')))
      .limit(1);
    const [teamCoach] = member ? await db.select().from(users).where(eq(users.id, member.userId)) : [];
    for (const text of TEAM_THREAD)
      await sendMessage(db, teamCoach ?? admin, teamRoom, { content: text, messageType: 'TEXT' });
    await backdate(db, teamRoom, 20);
  }
}
