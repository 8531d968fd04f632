/** The device page (route `device`); features link to it by path, never by import. */
export const devicePath = (id: number): string => `/devices/${id}`;

export const companyPath = (id: number): string => `/companies/${id}`;
