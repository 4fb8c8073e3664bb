/**
 * sonner puts its CSS in a <style> element it creates at import time, without a nonce, which the
 * page's strict Content-Security-Policy refuses (decision 014). This plugin turns that injection
 * off in sonner's module; src/toaster.tsx imports sonner's stylesheet instead, so the same rules
 * arrive as part of our CSS. The build fails if a sonner upgrade changes the injector.
 */
import type { Plugin } from 'vite';

const INJECTOR = 'function __insertCSS(code) {';

export function sonnerStylesheet(): Plugin {
  return {
    name: 'fieldhouse:sonner-stylesheet',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      if (!code.includes(INJECTOR)) {
        this.error(`sonner no longer defines \`${INJECTOR}\`: check how it injects its CSS (decision 014)`);
      }
      return { code: code.replace(INJECTOR, `${INJECTOR} return;`), map: null };
    },
  };
}
