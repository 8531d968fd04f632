import { Anchor, Badge, Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatBytes, type Company } from '@netfleet/contracts';
import { useBrand } from '@/components/brand';
import { formatDateTime } from '@/components/data-table';
import { useCurrentUser } from '@/lib/current-user';
import { companyPath } from '../paths';
import { COMPANY_TEXTS } from '../texts';
import { CompanyActionsBar } from './company-actions-bar';
import type { CompanyTabProps } from './company-tabs';

/** Company id 0 stands for "no company" (spec §6): it has no company data. */
const NO_COMPANY_ID = 0;

const yesNo = (value: boolean) => (
  <Badge variant="light" color={value ? 'green' : 'gray'}>
    {value ? COMPANY_TEXTS.yes : COMPANY_TEXTS.no}
  </Badge>
);

/** Credits, data packs and remaining data: only what is tracked (null is "not tracked", not 0). */
function companyData(company: Company): [string, ReactNode][] {
  if (company.id === NO_COMPANY_ID) return [];
  const rows: [string, ReactNode][] = [];
  if (company.credits_left !== null) rows.push([COMPANY_TEXTS.creditsLeft, company.credits_left]);
  if (company.packs_left !== null) rows.push([COMPANY_TEXTS.packsLeft, company.packs_left]);
  rows.push([COMPANY_TEXTS.remainingData, formatBytes(company.remaining_data)]);
  return rows;
}

/** Tab `info`: the company's fields (spec §3) and its actions. */
export function CompanyInfoTab({ company }: CompanyTabProps) {
  const { company_id: ownId } = useCurrentUser();
  // Spec §6: company data shows only when the brand's theme enables it.
  const { show_company_data: showCompanyData } = useBrand();
  const parent =
    company.parent_id === null ? (
      COMPANY_TEXTS.none
    ) : company.id === ownId ? (
      company.parent_name
    ) : (
      <Anchor component={Link} to={companyPath(company.parent_id)} size="sm">
        {company.parent_name}
      </Anchor>
    );
  const rows: [string, ReactNode][] = [
    [COMPANY_TEXTS.name, company.name],
    [COMPANY_TEXTS.levelLabel, company.level],
    [COMPANY_TEXTS.parent, parent],
    [COMPANY_TEXTS.email, company.email ?? COMPANY_TEXTS.none],
    [COMPANY_TEXTS.paymentType, COMPANY_TEXTS.paymentTypes[company.payment_type]],
    [COMPANY_TEXTS.showPayment, yesNo(company.show_payment)],
    [COMPANY_TEXTS.mfaEnforced, yesNo(company.mfa_enforced)],
    [COMPANY_TEXTS.users, company.users_count],
    [COMPANY_TEXTS.devices, company.devices_count],
    [COMPANY_TEXTS.subsidiaries, company.child_count],
    ...(showCompanyData ? companyData(company) : []),
    [COMPANY_TEXTS.createdAt, formatDateTime(company.created_at)],
  ];
  return (
    <Stack gap="md">
      <CompanyActionsBar company={company} />
      <Table
        variant="vertical"
        withTableBorder
        maw={640}
        aria-label={COMPANY_TEXTS.companyInformation}
      >
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={200}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
