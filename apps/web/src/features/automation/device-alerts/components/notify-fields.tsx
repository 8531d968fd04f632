import { useFormContext, useWatch } from 'react-hook-form';
import type { AddFormValues } from '../model/add-form';
import { ACTION_OPTIONS, needsOf } from '../model/catalogue';
import { DEVICE_ALERTS_TEXTS as T } from '../texts';
import { SelectField, TextField } from './form-inputs';
import { SmtpField } from './smtp-field';
import { DeliveryRetryFields } from './delivery-retry-fields';

/** How the alert reaches people: in-app, or also by e-mail with its address, server and subject. */
export function NotifyFields() {
  const { control } = useFormContext<AddFormValues>();
  const [typeId, subtypeId, action] = useWatch({
    control,
    name: ['alert_type_id', 'alert_subtype_id', 'action'],
  });
  const needs = needsOf(typeId, subtypeId);
  const emails = needs.action && action === 1;
  return (
    <>
      {needs.action && (
        <SelectField name="action" label={T.notify} data={ACTION_OPTIONS} numeric required />
      )}
      {emails && (
        <>
          <TextField name="email" label={T.email} required />
          <SmtpField />
          <TextField name="subject" label={T.subject} />
          <DeliveryRetryFields />
        </>
      )}
      <TextField
        name="message"
        label={T.message}
        description={T.messageHint}
        required={needs.message}
        area
      />
    </>
  );
}
