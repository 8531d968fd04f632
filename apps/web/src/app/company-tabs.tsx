// The company page's tabs that show other features' sections (features never import each other):
// the devices and files tables held to the company, and the data purchases of its resources tab
// as the spec's own data-history tab.
import type { CompanyTab, CompanyTabProps } from '@/features/organisation/companies';
import type { ComponentType } from 'react';
import { APP_TEXTS } from './i18n/texts';

export const COMPANY_TAB_TEXTS = APP_TEXTS.companyTabs;

/** Spec §2: /companies/{id} redirects to this tab (the first one the user may open). */
export function companyDevicesTab(
  Panel: ComponentType<{ company: CompanyTabProps['company'] }>,
): CompanyTab {
  return {
    value: 'devices',
    label: COMPANY_TAB_TEXTS.devices,
    permission: 'view_devices',
    panel: ({ company }) => <Panel key={company.id} company={company} />,
  };
}

/** The company's data purchases (the credits feature's panel at its data-history sub tab). */
export function companyDataHistoryTab(resources: {
  panel: ComponentType<CompanyTabProps>;
}): CompanyTab {
  const Resources = resources.panel;
  return {
    value: 'data-history',
    label: COMPANY_TAB_TEXTS.dataHistory,
    permission: 'view_company_data_history',
    panel: ({ company }) => <Resources company={company} sub="data-history" />,
  };
}

/** The company's files (the files feature's table held to the company). */
export function companyFilesTab(
  Panel: ComponentType<{ company: CompanyTabProps['company'] }>,
): CompanyTab {
  return {
    value: 'files',
    label: COMPANY_TAB_TEXTS.files,
    permission: 'view_files',
    panel: ({ company }) => <Panel key={company.id} company={company} />,
  };
}
