export const TAGS_ROUTE = '/tags';

export const tagPath = (id: number): string => `/tag/${id}`;
