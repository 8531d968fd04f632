// Uploads go through XMLHttpRequest rather than the api-client: fetch reports no upload progress.
// The request carries the api-client's headers (XSRF...) and the same cookies.
import { apiHeaders, ApiError } from '@/lib/api-client';
import { NETWORK_ERROR_MESSAGE, parseErrorItems } from '@/lib/api-error';
import { sftpUrl } from '../paths';
import { getConnectSession } from './get-session';

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

function post(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    apiHeaders().forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
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
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

const failed = ({ status, body }: Answer) =>
  status < 200 ||
  status >= 300 ||
  (typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false);

/** Uploads `file` into the folder `dir`; rejects with an ApiError carrying the server's message. */
export async function uploadSftpFile(
  sessionId: number,
  dir: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const url = sftpUrl(sessionId, 'upload', { path: dir });
  let answer = await post(url, file, onProgress, signal);
  if (answer.status === 401) {
    // The access token ran out while the page sat idle: an api-client call refreshes it (the
    // shared single-flight refresh), then the upload is sent once more.
    await getConnectSession(sessionId, signal);
    onProgress(0);
    answer = await post(url, file, onProgress, signal);
  }
  if (failed(answer))
    throw new ApiError(answer.status, answer.statusText, parseErrorItems(answer.body));
}
