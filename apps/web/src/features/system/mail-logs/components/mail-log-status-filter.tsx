import { Select } from '@mantine/core';
import { MAIL_LOG_STATUSES } from '@netfleet/contracts';
import { MAIL_LOGS_TEXTS as T } from '../texts';
import { MAIL_LOG_STATUS_LABELS } from './mail-log-status-badge';

const OPTIONS = MAIL_LOG_STATUSES.map((status) => ({
  value: status,
  label: MAIL_LOG_STATUS_LABELS[status],
}));

interface MailLogStatusFilterProps {
  value: string | undefined;
  onChange: (status: string | null) => void;
}

export function MailLogStatusFilter({ value, onChange }: MailLogStatusFilterProps) {
  return (
    <Select
      aria-label={T.statusFilter}
      placeholder={T.allStatuses}
      data={OPTIONS}
      value={value ?? null}
      onChange={onChange}
      clearable
      w={180}
    />
  );
}
