import { describe, expect, it } from 'vitest';
import { inTasks } from './in-tasks.ts';

describe('inTasks', () => {
  it('runs the stages in order, each in a task of its own, and hands back what each loaded', async () => {
    const log: string[] = [];
    const result = await inTasks(
      async () => {
        log.push('first');
        // A task queued during the first stage runs before the second stage starts.
        setTimeout(() => log.push('between'), 0);
        return 1;
      },
      async () => {
        log.push('second');
        return 'two';
      },
    );
    expect(result).toEqual([1, 'two']);
    expect(log).toEqual(['first', 'between', 'second']);
  });

  it('stops at a stage that fails', async () => {
    let reached = false;
    await expect(
      inTasks(
        () => Promise.reject(new Error('chunk failed')),
        async () => {
          reached = true;
        },
      ),
    ).rejects.toThrow('chunk failed');
    expect(reached).toBe(false);
  });
});
