// Test-only stand-in for '@/components/form-submit' (tested on its own): sends the request, puts
// server errors under the named fields and reports the state, nothing else.
import { useState } from 'react';
import type { SubmitOptions, SubmitState } from '@/components/form-submit';
import { mapServerErrors } from '@/components/form-errors';

export function useFormSubmit<V>(options: SubmitOptions<V>) {
  const [state, setState] = useState<SubmitState>('idle');
  const [errors, setErrors] = useState<string[]>([]);
  const submit = async (values: V) => {
    setState('waiting');
    setErrors([]);
    try {
      const response = await options.request(values);
      setState('success');
      options.onSuccess?.(response);
    } catch (error) {
      setState('error');
      setErrors(mapServerErrors(error, options.fields, options.setFieldError));
    }
  };
  return { submit, state, errors, clearErrors: () => setErrors([]) };
}
