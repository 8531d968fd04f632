import { inCompanySubtree } from '@/db/company-scope';
import { invalid } from '@/lib/api-error';

/**
 * What joins a hub (devices, console users) and the tags it carries belong to the hub's company or
 * one of its subsidiaries. Seeing both is not enough: a caller with access to a parent company
 * sees its siblings' and its own devices, which have no place in a subsidiary's hub.
 */
export const checkInHubCompany = (
  hub: { companyPath: string },
  target: { companyPath: string },
  message: string,
  source: string,
): void => {
  if (!inCompanySubtree({ path: hub.companyPath }, { path: target.companyPath })) {
    throw invalid(message, source);
  }
};
