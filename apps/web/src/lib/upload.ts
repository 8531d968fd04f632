// Uploads that report progress: fetch cannot, so these go through XMLHttpRequest with the
// api-client's headers (XSRF...) and cookies, and answer like api.post (envelope or ApiError).
import { api, apiHeaders, ApiError, type ApiResponse } from './api-client';
import { NETWORK_ERROR_MESSAGE, readErrorItems } from './api-error';
import { buildUrl } from './api-url';

export interface UploadOptions {
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

interface Answer {
  status: number;
  statusText: string;
  body: unknown;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function send(url: string, form: FormData, { onProgress, signal }: UploadOptions) {
  return new Promise<Answer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    apiHeaders().forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () =>
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        body: parseBody(xhr.responseText),
      }),
    );
    xhr.addEventListener('error', () => reject(new ApiError(0, '', [], NETWORK_ERROR_MESSAGE)));
    xhr.addEventListener('abort', () =>
      reject(new DOMException('The upload was cancelled', 'AbortError')),
    );
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

const succeeded = ({ status, body }: Answer) =>
  status >= 200 &&
  status < 300 &&
  typeof body === 'object' &&
  body !== null &&
  (body as { success?: unknown }).success === true;

/** POST `form` to `/api{path}` as multipart, reporting progress; rejects with an ApiError. */
export async function uploadForm<T>(
  path: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<ApiResponse<T>> {
  const url = buildUrl('/api', path);
  let answer = await send(url, form, options);
  if (answer.status === 401) {
    // The access token ran out while the dialog was open: any api-client call renews it (the
    // shared single-flight refresh), then the upload goes once more from the start.
    await api.get('/user', { signal: options.signal });
    options.onProgress?.(0);
    answer = await send(url, form, options);
  }
  if (!succeeded(answer)) {
    throw new ApiError(answer.status, answer.statusText, await readErrorItems(answer.body));
  }
  return answer.body as ApiResponse<T>;
}
