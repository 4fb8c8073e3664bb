/**
 * Exports (people, audit, reports, calendar, a conversation's record) as the admin app downloads
 * them. They stream, and a school's whole list or a season's conversation takes seconds: when one
 * is still arriving after a moment, a toast names the file and how much has come, then says it
 * was saved. Quick ones stay silent; a failure is left to the caller, which shows its message.
 */
import { toast } from 'sonner';
import { apiDownload } from './api-client.ts';
import { formatBytes } from './format-bytes.ts';

/** How long a download goes before it shows progress, and how often the toast is redrawn. */
const SHOW_AFTER_MS = 700;
const REDRAW_EVERY_MS = 250;

export async function download(path: string, query: Parameters<typeof apiDownload>[1], fileName: string) {
  const id = `download:${fileName}`;
  let received = 0;
  let shown = false;
  let drawnAt = 0;
  const draw = () => {
    shown = true;
    drawnAt = performance.now();
    toast.loading(`Preparing ${fileName}…`, {
      id,
      description: received > 0 ? `${formatBytes(received)} so far` : 'Gathering the records',
    });
  };
  const timer = setTimeout(draw, SHOW_AFTER_MS);
  try {
    await apiDownload(path, query, fileName, (bytes) => {
      received = bytes;
      if (shown && performance.now() - drawnAt >= REDRAW_EVERY_MS) draw();
    });
    if (shown) toast.success(`Saved ${fileName}`, { id, description: formatBytes(received) });
  } catch (error) {
    if (shown) toast.dismiss(id);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
