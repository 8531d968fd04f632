import type { ComponentType } from 'react';
import type { Company, PermissionRequirement } from '@netfleet/contracts';

export interface CompanyTabProps {
  company: Company;
  /** The sub tab from the URL, already checked against the tab's `subs`. */
  sub: string | undefined;
}

export interface CompanySubTab {
  value: string;
  label: string;
  permission?: PermissionRequirement;
}

/**
 * A tab of the company page, at /companies/{id}/{value}/{sub?}. Other features add theirs
 * (tags, later devices, files...) through createCompanyPage; the app layer composes them.
 */
export interface CompanyTab {
  value: string;
  label: string;
  permission?: PermissionRequirement;
  /** Sub tabs; the first one the user may open is the default. */
  subs?: readonly CompanySubTab[];
  panel: ComponentType<CompanyTabProps>;
}
