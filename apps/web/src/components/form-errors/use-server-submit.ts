import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { applyServerErrors } from './server-errors';

/**
 * The submit lifecycle every form shares (spec §4, §8): a second submit while waiting is ignored,
 * old errors are cleared, and a failure puts each message under the field its `source` names; the
 * rest are returned in `errors` for a FormErrorAlert.
 */
export function useServerSubmit<Fields extends FieldValues>(
  fields: readonly Path<Fields>[],
  setError: UseFormSetError<Fields>,
) {
  const [errors, setErrors] = useState<string[]>([]);
  const guard = useSubmitGuard();
  const wrap = <Body>(action: (body: Body) => Promise<void>) =>
    guard(async (body: Body) => {
      setErrors([]);
      try {
        await action(body);
      } catch (error) {
        setErrors(applyServerErrors(error, fields, setError));
      }
    });
  return { errors, wrap };
}
