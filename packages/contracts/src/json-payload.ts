/**
 * A message's JSON, or undefined when it is not JSON: the message's schema then refuses it, so
 * a device or a tunnel peer sending garbage is answered like one sending the wrong shape.
 */
export const parseJsonPayload = (payload: { toString(encoding: 'utf8'): string }): unknown => {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
};
