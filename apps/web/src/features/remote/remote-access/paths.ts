export const REMOTE_ACCESS_ROUTE = '/remote/access';

/** Route `remote.access.item`. */
export const remoteAccessPath = (id: number): string => `${REMOTE_ACCESS_ROUTE}/${id}`;
