import { hasPermission } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { useSmtpOptions } from '../api/get-smtp-options';
import { DEVICE_ALERTS_TEXTS as T } from '../texts';
import { SelectField } from './form-inputs';

/**
 * The mail server of the alert's e-mail, when there is one to choose: listing them needs
 * manage_smtp; without a choice the server's default mail route sends it.
 */
export function SmtpField() {
  const { permissions } = useCurrentUser();
  const options = useSmtpOptions(hasPermission(permissions, 'manage_smtp')).data ?? [];
  if (options.length === 0) return null;
  return (
    <SelectField
      name="smtp_config_id"
      label={T.smtp}
      placeholder={T.smtpPlaceholder}
      data={options}
      numeric
      clearable
    />
  );
}
