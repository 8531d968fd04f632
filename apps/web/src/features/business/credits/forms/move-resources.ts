import { CREDIT_COUNT_MAX } from '@netfleet/contracts';
import type { FormDefinition, FormValues } from '@/components/schema-form';
import { fetchCurrentUser } from '@/lib/current-user';
import { CREDITS_PATH, creditsKeys } from '../api/keys';
import { CREDIT_TEXTS } from '../texts';
import { COMPANY_PICKER, CREDIT_TYPE_NAME_FIELD, creditTypeBody } from './credit-type-field';

/** POST /credits/move (spec §5 Move resources) between a company and one of its subsidiaries. */
export const moveResourcesForm: FormDefinition = {
  name: 'move-resources',
  title: CREDIT_TEXTS.moveResources,
  item: 'resources',
  verb: 'move',
  successMessage: CREDIT_TEXTS.resourcesMoved,
  permission: 'manage_credits',
  method: 'POST',
  url: `${CREDITS_PATH}/move`,
  fields: [
    CREDIT_TYPE_NAME_FIELD,
    {
      key: 'source',
      label: CREDIT_TEXTS.source,
      required: true,
      component: 'ItemSelect',
      props: COMPANY_PICKER,
    },
    {
      key: 'target',
      label: CREDIT_TEXTS.target,
      required: true,
      component: 'ItemSelect',
      props: COMPANY_PICKER,
      subtext: CREDIT_TEXTS.sourceHint,
    },
    {
      key: 'amount',
      label: CREDIT_TEXTS.amount,
      type: 'number',
      required: true,
      min: 1,
      max: CREDIT_COUNT_MAX,
      step: 1,
    },
  ],
  // Most moves hand the user's own resources down to a subsidiary.
  initialValues: async () => ({ source: (await fetchCurrentUser()).company_id }),
  transform: (values: FormValues) => ({
    ...creditTypeBody(values.credit_type_name),
    source: values.source,
    target: values.target,
    amount: values.amount,
  }),
  invalidate: [creditsKeys.all],
};
