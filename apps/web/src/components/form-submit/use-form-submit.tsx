import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { alertDialog, useDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { openActionStatusFor } from '@/lib/action-status';
import { isAbortError, type ApiResponse } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';
import { ErrorList } from './error-list';
import { failureMessages } from './failure-messages';
import { partialErrors, PartialErrorList } from './partial-errors';
import { sendWithMfa } from './send-with-mfa';
import type { FormSubmit, SubmitOptions, SubmitState } from './types';
import { actionSuccessMessage, MESSAGE_TEXTS } from '@/lib/messages';
import { translateValidation } from '@/lib/messages/validation';

const FORM_PAGE_PREFIX = '/forms/';

function responseMessage(response: ApiResponse<unknown>): string | null {
  const { data } = response;
  if (typeof data !== 'object' || data === null || !('message' in data)) return null;
  return typeof data.message === 'string' && data.message !== '' ? data.message : null;
}

function successText<V>(options: SubmitOptions<V>, response: ApiResponse<unknown>): string {
  if (typeof options.successMessage === 'string') return options.successMessage;
  const fromServer = responseMessage(response);
  if (fromServer) return translateValidation(fromServer);
  return options.verb
    ? actionSuccessMessage(options.item, options.verb)
    : MESSAGE_TEXTS.operationComplete;
}

/** The success toast; a 207 was done for some items only, so a warning lists the others. */
function announce<V>(options: SubmitOptions<V>, response: ApiResponse<unknown>): void {
  // false: the caller reports the outcome itself.
  if (options.successMessage === false) return;
  const notDone = partialErrors(response);
  if (notDone.length === 0) {
    toast.success(successText(options, response));
    return;
  }
  toast.warning(
    <PartialErrorList
      done={successText(options, response)}
      errors={notDone}
      describeSource={options.describeSource ?? String}
    />,
  );
}

/**
 * Spec §4 Form submit: idle → waiting (a second submit is ignored) → success or error. MFA_REQUIRED
 * asks for the code and resubmits with the session data; a refused code is asked for again with
 * the server's message. Success: toast, the enclosing dialog closes, data reloads, a form page
 * goes back, a status channel opens 'Action status'; a 207's `errors[]` turn the toast into a
 * warning that lists them. Failure: field errors, then the rest as a
 * list, a toast or an 'Error' dialog; the dialog stays open.
 */
export function useFormSubmit<V>(options: SubmitOptions<V>): FormSubmit<V> {
  const [state, setState] = useState<SubmitState>('idle');
  const [errors, setErrors] = useState<string[]>([]);
  const waiting = useRef(false);
  const dialog = useDialog();
  const queryClient = useQueryClient();
  // The latest options without re-creating submit on every render of the form.
  const latest = useRef(options);
  latest.current = options;

  const succeed = useCallback(
    (response: ApiResponse<unknown>) => {
      const current = latest.current;
      announce(current, response);
      if (current.actionStatus !== false) openActionStatusFor(response, current.actionStatus ?? {});
      if (current.invalidate) {
        for (const queryKey of current.invalidate) void queryClient.invalidateQueries({ queryKey });
      } else {
        // Spec §4 reload-data: the page's data, not the session.
        void queryClient.invalidateQueries({
          type: 'active',
          predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0],
        });
      }
      if (!current.stayOpen) dialog?.close();
      const goBack =
        current.goBack ?? (!dialog && window.location.pathname.startsWith(FORM_PAGE_PREFIX));
      // The browser's history, not the router's: the hook also runs in dialogs, outside the router.
      if (goBack) window.history.back();
      current.onSuccess?.(response);
    },
    [dialog, queryClient],
  );

  const fail = useCallback((error: unknown) => {
    const current = latest.current;
    const messages = failureMessages(error, current.fields, current.setFieldError, current);
    const display = current.errorDisplay ?? 'list';
    if (display === 'modal' && messages.length > 0) {
      void alertDialog({ message: <ErrorList messages={messages} /> });
    } else if (display === 'toast' && messages.length === 1) {
      toast.error(messages[0]);
    } else {
      setErrors(messages);
    }
  }, []);

  const submit = useCallback(
    async (values: V) => {
      if (waiting.current) return;
      waiting.current = true;
      setState('waiting');
      setErrors([]);
      try {
        const result = await sendWithMfa((mfa) => latest.current.request(values, mfa));
        if (result.kind === 'done') {
          setState('success');
          succeed(result.value);
        } else {
          setState('idle');
        }
      } catch (error) {
        // A request cancelled by leaving the page is nobody's failure.
        if (isAbortError(error)) {
          setState('idle');
        } else {
          setState('error');
          fail(error);
        }
      } finally {
        waiting.current = false;
      }
    },
    [succeed, fail],
  );

  const clearErrors = useCallback(() => setErrors([]), []);
  return { submit, state, errors, clearErrors };
}
