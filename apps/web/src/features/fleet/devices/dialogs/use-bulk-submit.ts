import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDialog } from '@/components/dialogs';
import type { BulkOutcome } from '../api/bulk-outcome';
import { devicesKeys } from '../api/keys';
import { showOutcome } from '../components/bulk-outcome-view';

/**
 * A bulk dialog's submit: while waiting a second click is ignored; the outcome closes the dialog
 * and is reported per device; a failure naming no device stays in the dialog as `error`.
 */
export function useBulkSubmit(successText: string) {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (run: () => Promise<BulkOutcome>) => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const outcome = await run();
      dialog?.close();
      showOutcome(outcome, successText);
      void queryClient.invalidateQueries({ queryKey: devicesKeys.lists() });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  return { pending, error, submit };
}
