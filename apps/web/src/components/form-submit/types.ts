import type { QueryKey } from '@tanstack/react-query';
import type { ActionVerb } from '@netfleet/contracts';
import type { ActionStatusOptions } from '@/lib/action-status';
import type { ApiResponse } from '@/lib/api-client';

/** What a resubmission after MFA_REQUIRED carries: the code and the pending check it answers. */
export interface MfaResponse {
  session_code: string;
  session_uuid?: string;
  session_id?: string;
}

/** What askForMfa asks about (an MFA_REQUIRED answer's data, plus the server's words). */
export interface MfaPrompt {
  mfa_type: string;
  session_uuid?: string;
  /** The server's message; an id-based method (teltonika_id) shows only this. */
  message?: string;
  /** Why the previous code was refused; shown under the (emptied) code input. */
  error?: string;
}

export interface SubmitOptions<V> {
  request: (values: V, mfa?: MfaResponse) => Promise<ApiResponse<unknown>>;
  /** For the message builder: 'Tag created successfully', 'Failed to create tag (Conflict)'. */
  item?: string;
  verb?: ActionVerb;
  /** Custom toast text, or false for none (nor a 207's warning: the caller reports it); default: the response's data.message, else the builder. */
  successMessage?: string | false;
  /** Keep the enclosing dialog (useDialog) open on success. */
  stayOpen?: boolean;
  /** Queries to reload; default: every active query (the page's data). */
  invalidate?: readonly QueryKey[];
  /** On a form page go back one step; default true on /forms/* outside a dialog. */
  goBack?: boolean;
  onSuccess?: (response: ApiResponse<unknown>) => void;
  /** Names what a 207 error's `source` points at (a user id → 'User 12'); default the source. */
  describeSource?: (source: string) => string;
  /** A response with meta.channel opens the live 'Action status' dialog unless false. */
  actionStatus?: ActionStatusOptions | false;
  /** Messages that belong to no field: a list under the form, a toast if single, or an 'Error' dialog. */
  errorDisplay?: 'list' | 'toast' | 'modal';
  /** Names of the visible fields; an error whose source names one goes under it. */
  fields: readonly string[];
  setFieldError: (field: string, message: string) => void;
}

export type SubmitState = 'idle' | 'waiting' | 'success' | 'error';

export interface FormSubmit<V> {
  submit: (values: V) => Promise<void>;
  state: SubmitState;
  /** Messages for the list under the form (errorDisplay 'list', or several with 'toast'). */
  errors: string[];
  clearErrors: () => void;
}
