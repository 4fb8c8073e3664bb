/**
 * The files a message being written will carry: each checked against the upload limit before it
 * is queued, at most MAX_DRAFT_FILES in one message. Both apps' composers hold their draft here.
 */
import { fileTooLargeMessage } from '@fieldhouse/shared';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { isTooLarge } from './uploader.ts';

export const MAX_DRAFT_FILES = 10;

export function useFileDraft() {
  const [files, setFiles] = useState<File[]>([]);
  const add = useCallback((incoming: File[]) => {
    if (incoming.length === 0) return;
    const fitting = incoming.filter((f) => !isTooLarge(f));
    if (fitting.length < incoming.length) toast.error(fileTooLargeMessage());
    setFiles((current) => {
      const next = [...current, ...fitting];
      if (next.length > MAX_DRAFT_FILES) toast.warning(`Send at most ${MAX_DRAFT_FILES} files in one message.`);
      return next.slice(0, MAX_DRAFT_FILES);
    });
  }, []);
  const remove = useCallback((index: number) => setFiles((current) => current.filter((_, i) => i !== index)), []);
  const clear = useCallback(() => setFiles([]), []);
  return { files, add, remove, clear };
}
