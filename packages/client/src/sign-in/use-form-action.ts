import { useState } from 'react';
import { errorMessage } from './error-message.ts';

/** Runs a form's async step with a loading flag, turning a failure into the message to show. */
export function useFormAction() {
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setError(null);
    setLoading(true);
    try {
      await work();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  };
  return { error, loading, run };
}
