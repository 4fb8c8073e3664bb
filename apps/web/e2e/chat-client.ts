/**
 * The other side of a conversation in journeys: a coach (or anyone) signed in through the real
 * identity endpoint, on a real socket.io-client connection, like the mobile apps would be.
 */
import { randomUUID } from 'node:crypto';
import { type ChatMessage, SOCKET_EVENTS, type SocketAck } from '@fieldhouse/shared';
import type { Page } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { DEMO } from './helpers.ts';

export async function idTokenFor(baseURL: string, email: string, password = DEMO.password) {
  const res = await fetch(`${baseURL}/api/identity`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'fieldhouse-web',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { IdToken: string } };
  if (!body.AuthenticationResult) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body)}`);
  return body.AuthenticationResult.IdToken;
}

/** A JSON call to the API as `email`, for journeys that arrange their data the way the apps would. */
export async function api<T>(
  baseURL: string,
  email: string,
  method: string,
  path: string,
  body?: unknown,
  password = DEMO.password,
) {
  const token = await idTokenFor(baseURL, email, password);
  const res = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : null,
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

export class ChatClient {
  private constructor(
    readonly baseURL: string,
    readonly token: string,
    readonly socket: Socket,
  ) {}

  static async connect(baseURL: string, email: string) {
    const token = await idTokenFor(baseURL, email);
    const socket = io(baseURL, { path: '/socket.io', auth: { idToken: token }, transports: ['websocket'] });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return new ChatClient(baseURL, token, socket);
  }

  async api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseURL}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : null,
    });
    const json = (await res.json()) as { data: T };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  }

  async request<T>(event: string, payload: unknown): Promise<T> {
    const ack = (await this.socket.timeout(10_000).emitWithAck(event, payload)) as SocketAck<T>;
    if (!ack.ok) throw new Error(`${event}: ${ack.error.message}`);
    return ack.data;
  }

  /** The direct room with a person, joined. */
  async directRoomWith(userId: number) {
    const room = await this.api<{ id: number }>('POST', '/chat/rooms/direct', { userId });
    await this.request(SOCKET_EVENTS.joinRoom, { roomId: room.id });
    return room.id;
  }

  async me() {
    return (await this.api<{ user: { id: number; firstName: string } }>('GET', '/auth/me')).user;
  }

  send(roomId: number, message: string) {
    return this.request<ChatMessage>(SOCKET_EVENTS.chatMessage, {
      roomId,
      clientId: randomUUID(),
      message,
      messageType: 'TEXT',
    });
  }

  presence(status: 'online' | 'away' | 'offline') {
    return this.request(SOCKET_EVENTS.userPresence, { status, timestamp: Date.now() });
  }

  close() {
    this.socket.close();
  }
}

/** `email` on a live socket, in their direct room with the demo admin. */
export async function talkToAdmin(baseURL: string, email: string) {
  const admin = await ChatClient.connect(baseURL, DEMO.admin);
  const adminId = (await admin.me()).id;
  admin.close();
  const client = await ChatClient.connect(baseURL, email);
  return { client, roomId: await client.directRoomWith(adminId) };
}

/**
 * Between a page and the server: the server's answer to the page's first `chat:message` holding
 * `text` never arrives, as on a network that drops it; everything else passes (Socket.IO frames:
 * `42<id>[event, …]` a request, `43<id>[…]` its answer). Call before the page opens its socket.
 */
export async function loseFirstAnswer(page: Page, text: string) {
  const seen = { answerLost: false, ownCopyHeard: false };
  let request: string | undefined;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((frame) => {
      const send = typeof frame === 'string' && /^42(\d+)\["chat:message",/.exec(frame);
      if (send && request === undefined && frame.includes(text)) request = send[1];
      server.send(frame);
    });
    server.onMessage((frame) => {
      if (typeof frame === 'string') {
        if (!seen.answerLost && request !== undefined && frame.startsWith(`43${request}[`)) {
          seen.answerLost = true;
          return;
        }
        if (frame.startsWith('42["chat:message-received"') && frame.includes(text)) seen.ownCopyHeard = true;
      }
      ws.send(frame);
    });
  });
  return seen;
}
