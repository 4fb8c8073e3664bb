import { type RefObject, useEffect } from 'react';

const NEAR = 120;

/**
 * Keeps the page scrolled to the newest message while the reader is there: a new message, or a
 * photo that finishes loading and grows the list, must not leave the end under the composer.
 * A reader who scrolled up to read older messages stays where they are.
 */
export function useStickToBottom(list: RefObject<HTMLElement | null>, ready: boolean, newest: unknown) {
  useEffect(() => {
    const node = list.current;
    if (!ready || !node) return;
    const root = document.documentElement;
    let atBottom = true;
    const onScroll = () => {
      atBottom = root.scrollHeight - (window.scrollY + window.innerHeight) < NEAR;
    };
    const observer = new ResizeObserver(() => {
      if (atBottom) window.scrollTo({ top: root.scrollHeight });
    });
    observer.observe(node);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, [list, ready]);

  // A new message (mine, or one arriving while I read the end) brings the end into view.
  useEffect(() => {
    if (newest !== undefined) window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [newest]);
}
