/**
 * The page's Content-Security-Policy nonce (decision 014), for libraries that make <style>
 * elements at run time: Mantine takes it through `getStyleNonce` (the app's MantineProvider), react-remove-scroll
 * (Mantine's modals and drawers) through get-nonce, set here. FullCalendar finds it on its own.
 */
import { setNonce } from 'get-nonce';

export const cspNonce = () => document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';

/** Called once before the first render. */
export function shareCspNonce() {
  setNonce(cspNonce());
}
