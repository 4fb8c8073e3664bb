import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageSplash } from './page-splash.tsx';

/** The page's own splash, as index.html draws it before any script. */
function pageSplash() {
  const splash = document.createElement('div');
  splash.id = 'splash';
  splash.setAttribute('role', 'status');
  document.body.append(splash);
  return splash;
}

afterEach(() => document.getElementById('splash')?.remove());

describe('PageSplash', () => {
  it("keeps the page's splash on screen while mounted and hides it when the first screen replaces it", () => {
    const splash = pageSplash();
    const view = render(
      <StrictMode>
        <PageSplash />
      </StrictMode>,
    );
    // StrictMode mounts, unmounts and mounts again: the splash must survive that.
    expect(splash.hidden).toBe(false);
    view.rerender(<StrictMode>{null}</StrictMode>);
    expect(splash.hidden).toBe(true);
  });
});
