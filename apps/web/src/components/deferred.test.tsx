import { act, render, screen } from '@testing-library/react';
import { type ReactNode, Suspense, use, useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { Deferred } from './deferred.tsx';

/** Notes, as it commits, whether the other part was already on the page. */
function Part({ name, other, seen }: { name: string; other: string; seen: Record<string, boolean> }) {
  useLayoutEffect(() => {
    seen[name] = screen.queryByText(other) !== null;
  }, [name, other, seen]);
  return <p>{name}</p>;
}

const never = new Promise<never>(() => {});
function Stuck(): ReactNode {
  return use(never);
}

describe('Deferred', () => {
  it('draws its fallback with the screen around it, then its children', async () => {
    render(
      <main>
        <h1>Home</h1>
        <Deferred fallback={<p>Loading the cards</p>}>
          <p>The cards</p>
        </Deferred>
      </main>,
    );
    expect(screen.getByText('Home')).toBeTruthy();
    expect(screen.getByText('Loading the cards')).toBeTruthy();
    expect(screen.queryByText('The cards')).toBeNull();
    expect(await screen.findByText('The cards')).toBeTruthy();
    expect(screen.queryByText('Loading the cards')).toBeNull();
  });

  it('commits one deferred part at a time, not all in one long task', async () => {
    const seen: Record<string, boolean> = {};
    render(
      <>
        <Deferred>
          <Part name="first" other="second" seen={seen} />
        </Deferred>
        <Deferred>
          <Part name="second" other="first" seen={seen} />
        </Deferred>
      </>,
    );
    await screen.findByText('first');
    await screen.findByText('second');
    // Whichever came first committed alone; the other found it already there.
    expect(Object.values(seen).sort()).toEqual([false, true]);
  });

  it('does not let a part that never commits hold up the next', async () => {
    render(
      <>
        <Suspense fallback={<p>Waiting</p>}>
          <Deferred>
            <Stuck />
          </Deferred>
        </Suspense>
        <Deferred>
          <p>Still drawn</p>
        </Deferred>
      </>,
    );
    expect(await screen.findByText('Still drawn', {}, { timeout: 2000 })).toBeTruthy();
    await act(async () => {});
  });
});
