/**
 * A crowd of coaches, athletes and guardians, signed in through the real identity endpoint and
 * the real socket, who reply (typing first), start conversations with the director and send
 * files, so the demo's chat is alive. The same code drives the chat benchmark.
 */
import { type ChatMessage, SOCKET_EVENTS, type SocketAck } from '@fieldhouse/shared';
import { io, type Socket } from 'socket.io-client';
import { DEMO_ADMIN } from '../seed/demo.ts';

export type SimulateOptions = {
  url: string;
  people: number;
  password?: string;
  adminEmail?: string;
  /** Stop after this many milliseconds (forever when absent). */
  durationMs?: number;
  /** Mean seconds between conversations someone starts. */
  startEverySeconds?: number;
  log?: (line: string) => void;
};

type Person = { id: number; email: string; firstName: string; lastName: string | null; role: string };

const REPLIES = [
  'Got it, thanks!',
  'We will be there.',
  'Can we move it to 4:30?',
  'Bus leaves at 3:15 from the west lot.',
  'Uniforms are in the equipment room.',
  'I will send the physical form tonight.',
  'Thanks for the heads up!',
];
const OPENERS = [
  'Quick question about Friday’s schedule.',
  'Is the gym still booked for Saturday morning?',
  'Do we have the updated roster for the tournament?',
  'The eligibility form is uploaded, can you check it?',
  'Can someone confirm transportation for the away game?',
];
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)] as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** USER_PASSWORD_AUTH through the running server's identity endpoint; returns the id token. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const config = (await (await fetch(`${url}/api/config`)).json()) as { auth: { userPoolClientId: string } };
  const res = await fetch(`${url}/api/identity`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.auth.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { IdToken: string }; message?: string };
  if (!body.AuthenticationResult) throw new Error(`${email}: ${body.message ?? 'sign-in failed'}`);
  return body.AuthenticationResult.IdToken;
}

const api = async <T>(url: string, token: string, path: string, init: RequestInit = {}) => {
  const res = await fetch(`${url}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
};

const emit = <T>(socket: Socket, event: string, payload: unknown) =>
  new Promise<SocketAck<T>>((resolve) => socket.emit(event, payload, resolve));

export async function simulate(options: SimulateOptions) {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const password = options.password ?? DEMO_ADMIN.password;
  const adminToken = await signIn(options.url, options.adminEmail ?? DEMO_ADMIN.email, password);
  const admin = (await api<{ user: Person }>(options.url, adminToken, '/auth/me')).user;
  const perGroup = Math.max(1, Math.ceil(options.people / 3));
  const people: Person[] = [];
  for (const type of ['COACH', 'ATHLETE', 'PARENT']) {
    const page = await api<{ result: Person[] }>(
      options.url,
      adminToken,
      `/user/list?type=${type}&limit=${perGroup}&sort=createdAt&order=desc`,
    );
    people.push(...page.result);
  }
  const crowd = people.slice(0, options.people);
  const sockets: Socket[] = [];
  type Actor = { socket: Socket; say: (text: string) => Promise<void>; roomId: number; name: string };
  const actors: Actor[] = [];
  const stats = { sent: 0, received: 0 };

  await Promise.all(
    crowd.map(async (person) => {
      const token = await signIn(options.url, person.email, password).catch(() => null);
      if (!token) return;
      const room = await api<{ id: number }>(options.url, token, '/chat/rooms/direct', {
        method: 'POST',
        body: JSON.stringify({ userId: admin.id }),
      });
      const socket = io(options.url, { transports: ['websocket'], auth: { idToken: token }, reconnection: true });
      sockets.push(socket);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      await emit(socket, SOCKET_EVENTS.joinRoom, { roomId: room.id });
      const name = `${person.firstName} ${person.lastName ?? ''}`.trim();
      const say = async (text: string) => {
        await emit(socket, SOCKET_EVENTS.typingStart, { roomId: room.id });
        await sleep(800 + Math.random() * 1500);
        const ack = await emit<ChatMessage>(socket, SOCKET_EVENTS.chatMessage, {
          roomId: room.id,
          message: text,
          clientId: crypto.randomUUID(),
        });
        if (ack.ok) {
          stats.sent++;
          log(`${name} → ${admin.firstName}: ${text}`);
        }
      };
      socket.on(SOCKET_EVENTS.chatMessageReceived, (message: ChatMessage) => {
        if (message.sender.id === person.id || message.chatRoom.id !== room.id) return;
        stats.received++;
        void sleep(1000 + Math.random() * 2000).then(() => say(pick(REPLIES)));
      });
      actors.push({ socket, say, name, roomId: room.id });
    }),
  );
  log(`${actors.length} people online; chatting with ${admin.firstName} ${admin.lastName ?? ''}`.trim());

  const until = options.durationMs ? Date.now() + options.durationMs : Number.POSITIVE_INFINITY;
  const every = (options.startEverySeconds ?? 20) * 1000;
  while (Date.now() < until && actors.length > 0) {
    const actor = pick(actors);
    if (Math.random() < 0.15) await sendFile(actor.socket, actor.roomId, actor.name, log);
    else await actor.say(pick(OPENERS));
    await sleep(Math.min(until - Date.now(), every * (0.5 + Math.random())));
  }
  for (const socket of sockets) socket.close();
  return stats;
}

/** A small text file through the chunked upload, then a message carrying it. */
async function sendFile(socket: Socket, roomId: number, name: string, log: (line: string) => void) {
  const bytes = Buffer.from(
    `Practice plan\n${new Date().toDateString()}\n- warm-up 15 min\n- drills 40 min\n- scrimmage 30 min\n`,
  );
  const id = crypto.randomUUID();
  const fileName = 'practice-plan.txt';
  const chunk = await emit(socket, SOCKET_EVENTS.fileUploadChunk, {
    roomId,
    id,
    data: bytes,
    index: 0,
    totalChunks: 1,
    fileName,
    attachmentIndex: 0,
    size: bytes.length,
    offset: 0,
    totalSize: bytes.length,
  });
  if (!chunk.ok) return;
  const done = await emit<{ uuid: string }>(socket, SOCKET_EVENTS.fileUploadComplete, {
    roomId,
    id,
    fileName,
    attachmentIndex: 0,
    totalChunks: 1,
  });
  if (!done.ok) return;
  await emit(socket, SOCKET_EVENTS.chatMessage, {
    roomId,
    message: 'Here is the practice plan.',
    messageType: 'FILE',
    clientId: crypto.randomUUID(),
    attachments: [
      {
        attachmentId: done.data.uuid,
        isChunked: false,
        totalSize: bytes.length,
        chunkCount: 1,
        originalName: fileName,
      },
    ],
  });
  log(`${name} sent ${fileName}`);
}
