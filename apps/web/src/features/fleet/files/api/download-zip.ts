import { notifications } from '@mantine/notifications';
import { api, apiHeaders, ApiError, isApiError } from '@/lib/api-client';
import { parseErrorItems } from '@/lib/api-error';
import { DOWNLOAD_FAILED_MESSAGE, filenameFromDisposition, saveBlob } from '@/lib/download';
import { FILES_PATH } from './keys';

const ZIP_URL = `/api${FILES_PATH}/download/zip`;

async function post(ids: readonly number[]): Promise<Response> {
  const headers = apiHeaders();
  headers.set('Content-Type', 'application/json');
  return fetch(ZIP_URL, {
    method: 'POST',
    credentials: 'include',
    headers,
    body: JSON.stringify({ files: ids }),
  });
}

async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => undefined)) as unknown;
  return new ApiError(response.status, response.statusText, parseErrorItems(body));
}

/**
 * POST /files/download/zip: the chosen files as one archive, saved as a browser download (the
 * api-client's downloads are GETs only). Resolves false after a failure, shown as a toast.
 */
export async function downloadZip(ids: readonly number[]): Promise<boolean> {
  try {
    let response = await post(ids);
    if (response.status === 401) {
      // Renew the session through the api-client's shared refresh, then ask once more.
      await api.get('/user');
      response = await post(ids);
    }
    if (!response.ok) throw await failure(response);
    const name = filenameFromDisposition(response.headers.get('Content-Disposition'));
    saveBlob(await response.blob(), name ?? 'files.zip');
    return true;
  } catch (error) {
    notifications.show({
      color: 'red',
      message: isApiError(error) ? error.message : DOWNLOAD_FAILED_MESSAGE,
    });
    return false;
  }
}
