// Query keys of global notices: the header list (enabled ones) and the admin list (all of them).
// Admin changes invalidate `all`, so the header sees them without waiting for the next route.
export const noticesKeys = {
  all: ['notices'] as const,
  active: () => [...noticesKeys.all, 'active'] as const,
  admin: () => [...noticesKeys.all, 'admin'] as const,
};

export const ADMIN_NOTICES_PATH = '/admin/notices';
