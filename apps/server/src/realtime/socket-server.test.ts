/**
 * `deliveredOver` (decision 043) on a stand-in for the adapter's publish: which publishes a send
 * waits for, what it answers, and the one outcome it counts. Redis itself: realtime-cluster.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DeliveryOutcome, deliveredOver, PUBLISHED_WAIT_MS } from './socket-server.ts';

/** An adapter whose every publish waits until the test answers it. */
function adapter() {
  const answers: { resolve: () => void; reject: (err: Error) => void }[] = [];
  const publisher = {
    doPublish: (_message: unknown) =>
      new Promise<unknown>((resolve, reject) => {
        answers.push({ resolve: () => resolve('1-0'), reject });
      }),
  };
  // The adapter drops a publish's outcome (logs it at debug level), as here.
  const publish = (message: string) => void publisher.doPublish(message).catch(() => {});
  return { publisher, answers, publish };
}

/** What a promise has come to so far. */
async function state(promise: Promise<unknown>) {
  let result = 'pending';
  promise.then(
    () => {
      result = 'resolved';
    },
    (err: { statusCode?: number }) => {
      result = `rejected ${err.statusCode}`;
    },
  );
  await vi.advanceTimersByTimeAsync(0);
  return result;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('deliveredOver', () => {
  it('waits for the publishes its own send started, not one started before or after it', async () => {
    const { publisher, answers, publish } = adapter();
    const outcomes: DeliveryOutcome[] = [];
    const delivered = deliveredOver(publisher, (outcome) => outcomes.push(outcome));
    publish('typing');
    const done = delivered(() => {
      publish('message');
      publish('tab nudge');
    });
    publish('presence');
    expect(answers).toHaveLength(4);
    answers[0]?.reject(new Error('typing refused'));
    answers[3]?.reject(new Error('presence refused'));
    answers[1]?.resolve();
    expect(await state(done)).toBe('pending');
    answers[2]?.resolve();
    expect(await state(done)).toBe('resolved');
    expect(outcomes).toEqual(['taken']);
  });

  it('answers 503 delivery_unconfirmed when Redis refused one of them, and counts it refused', async () => {
    const { publisher, answers, publish } = adapter();
    const outcomes: DeliveryOutcome[] = [];
    const delivered = deliveredOver(publisher, (outcome) => outcomes.push(outcome));
    const done = delivered(() => {
      publish('message');
      publish('tab nudge');
    });
    const failure = done.catch((err: unknown) => err);
    answers[0]?.resolve();
    answers[1]?.reject(new Error('WRONGTYPE'));
    expect(await failure).toMatchObject({
      statusCode: 503,
      id: 'delivery_unconfirmed',
      message: 'Saved, but not yet delivered to everyone: send it again',
      cause: new Error('WRONGTYPE'),
    });
    expect(outcomes).toEqual(['refused']);
  });

  it('acks after PUBLISHED_WAIT_MS when Redis does not answer, counted unanswered once even if it answers later', async () => {
    const { publisher, answers, publish } = adapter();
    const outcomes: DeliveryOutcome[] = [];
    const delivered = deliveredOver(publisher, (outcome) => outcomes.push(outcome));
    const done = delivered(() => publish('message'));
    await vi.advanceTimersByTimeAsync(PUBLISHED_WAIT_MS - 1);
    expect(await state(done)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await state(done)).toBe('resolved');
    answers[0]?.reject(new Error('connection closed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcomes).toEqual(['unanswered']);
  });

  it('answers whatever the counter does', async () => {
    const { publisher, answers, publish } = adapter();
    const delivered = deliveredOver(publisher, () => {
      throw new Error('counter broken');
    });
    const done = delivered(() => publish('message'));
    answers[0]?.resolve();
    expect(await state(done)).toBe('resolved');
    const late = delivered(() => publish('message'));
    await vi.advanceTimersByTimeAsync(PUBLISHED_WAIT_MS);
    expect(await state(late)).toBe('resolved');
  });

  it('answers at once and counts nothing when the send broadcast nothing', async () => {
    const { publisher } = adapter();
    const outcomes: DeliveryOutcome[] = [];
    const delivered = deliveredOver(publisher, (outcome) => outcomes.push(outcome));
    expect(await state(delivered(() => {}))).toBe('resolved');
    expect(outcomes).toEqual([]);
  });

  it('hands a nested send’s publishes to the send around it, counted as one delivery', async () => {
    const { publisher, answers, publish } = adapter();
    const outcomes: DeliveryOutcome[] = [];
    const delivered = deliveredOver(publisher, (outcome) => outcomes.push(outcome));
    let inner: Promise<unknown> = Promise.resolve();
    const outer = delivered(() => {
      publish('outer');
      inner = delivered(() => publish('inner'));
    });
    answers[1]?.resolve();
    expect(await state(inner)).toBe('resolved');
    expect(await state(outer)).toBe('pending');
    answers[0]?.resolve();
    expect(await state(outer)).toBe('resolved');
    // One delivery: the outer send's.
    expect(outcomes).toEqual(['taken']);
  });
});
