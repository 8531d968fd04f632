import { ERROR_CODES, REMOTE_ACCESS_MESSAGES } from '@netfleet/contracts';
import { OpenFailed } from '@netfleet/contracts/tunnel';
import { ApiError } from '@/lib/api-error';

/** Why a stream to a device could not be opened, as the API and the connect screens say it. */
export const tunnelErrors = {
  offline: () =>
    new ApiError(409, ERROR_CODES.DEVICE_OFFLINE, REMOTE_ACCESS_MESSAGES.deviceOffline),
  timeout: () =>
    new ApiError(504, ERROR_CODES.DEVICE_TIMEOUT, REMOTE_ACCESS_MESSAGES.tunnelTimeout),
  closed: () => new ApiError(502, ERROR_CODES.DEVICE_ERROR, REMOTE_ACCESS_MESSAGES.tunnelClosed),
};

/** A device's refusal to open a stream, in the API's terms. */
export const openFailure = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error;
  if (!(error instanceof OpenFailed)) return tunnelErrors.closed();
  switch (error.error.code) {
    case 'not_allowed':
      return new ApiError(422, ERROR_CODES.DEVICE_ERROR, REMOTE_ACCESS_MESSAGES.targetNotAllowed);
    case 'timeout':
      return tunnelErrors.timeout();
    case 'busy':
      return new ApiError(503, ERROR_CODES.DEVICE_ERROR, error.message);
    default:
      return new ApiError(502, ERROR_CODES.DEVICE_ERROR, REMOTE_ACCESS_MESSAGES.targetRefused);
  }
};
