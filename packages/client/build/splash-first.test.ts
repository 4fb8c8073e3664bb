import { describe, expect, it } from 'vitest';
import { lowerScriptPriority } from './splash-first.ts';

const PAGE = `<head>
    <script type="module" crossorigin src="/assets/rolldown-runtime-1.js" nonce="__CSP_NONCE__"></script>
    <script type="module" crossorigin src="/assets/start-2.js" nonce="__CSP_NONCE__"></script>
    <link rel="stylesheet" crossorigin href="/assets/start-3.css" nonce="__CSP_NONCE__">
    <link rel="modulepreload" crossorigin href="/m/assets/stage-4.js" nonce="__CSP_NONCE__">
  </head>`;

describe('lowerScriptPriority', () => {
  it('fetches every module script and module preload of the page at low priority and leaves the stylesheet alone', () => {
    const html = lowerScriptPriority(PAGE);
    expect(html.match(/<script type="module" fetchpriority="low" crossorigin src=/g)).toHaveLength(2);
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/m/assets/stage-4.js"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/start-3.css" nonce="__CSP_NONCE__">');
    // Once only, however often the build runs it.
    expect(lowerScriptPriority(html)).toBe(html);
  });
});
