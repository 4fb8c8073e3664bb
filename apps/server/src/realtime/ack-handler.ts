/**
 * Every client → server event goes through `handler`: it validates the payload with the
 * event's zod schema and answers with an ack `{ok, data} | {ok:false, error}`, so nothing a
 * client sends can crash the server or go unanswered.
 */
import type { SocketAck } from '@fieldhouse/shared';
import type { z } from 'zod';
import { HttpError } from '../errors.ts';

type Ack = (answer: SocketAck) => void;

export function handler<T extends z.ZodType>(schema: T, work: (payload: z.infer<T>) => Promise<unknown>) {
  return async (payload: unknown, ack?: unknown) => {
    const reply: Ack = typeof ack === 'function' ? (ack as Ack) : () => {};
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      reply({
        ok: false,
        error: {
          statusCode: 400,
          message:
            issue?.message === 'Message too long or invalid'
              ? issue.message
              : `Invalid payload: ${issue?.path.join('.') || 'payload'}: ${issue?.message ?? 'invalid'}`,
        },
      });
      return;
    }
    try {
      reply({ ok: true, data: (await work(parsed.data)) ?? null });
    } catch (error) {
      if (error instanceof HttpError)
        reply({ ok: false, error: { statusCode: error.statusCode, message: error.message } });
      else reply({ ok: false, error: { statusCode: 500, message: 'Internal server error' } });
    }
  };
}
