import { Button, Group } from '@mantine/core';
import { IconArrowsMove, IconPencil, IconSettings, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { Company } from '@netfleet/contracts';
import { COMPANIES_ROUTE } from '../paths';
import { COMPANY_TEXTS } from '../texts';
import { useCompanyActions } from './use-company-actions';

/** The company page's actions (manage_companies); a started deletion leaves for the list. */
export function CompanyActionsBar({ company }: { company: Company }) {
  const actions = useCompanyActions();
  const navigate = useNavigate();
  if (!actions.allowed) return null;
  return (
    <Group gap="xs">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={() => actions.edit(company)}
      >
        {COMPANY_TEXTS.edit}
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconSettings size={14} aria-hidden />}
        onClick={() => actions.flags(company)}
      >
        {COMPANY_TEXTS.flags}
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconArrowsMove size={14} aria-hidden />}
        onClick={() => actions.move(company)}
      >
        {COMPANY_TEXTS.move}
      </Button>
      <Button
        color="red"
        variant="light"
        size="xs"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={() => actions.remove(company, () => void navigate(COMPANIES_ROUTE))}
      >
        {COMPANY_TEXTS.delete}
      </Button>
    </Group>
  );
}
