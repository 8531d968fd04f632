import { CREDIT_COUNT_MAX, creditTypeNeedsInvoice } from '@netfleet/contracts';
import type { FieldDefinition, FormDefinition, FormValues } from '@/components/schema-form';
import { CREDIT_TYPES_PATH, CREDITS_PATH, creditsKeys } from '../api/keys';
import { CREDIT_TEXTS } from '../texts';
import { COMPANY_PICKER } from './credit-type-field';

/** Spec §5: price and pro forma number belong only to paid types (the even ids). */
const paidType = (values: FormValues): boolean =>
  creditTypeNeedsInvoice(Number(values.credit_type_id));

const fields: FieldDefinition[] = [
  {
    key: 'credit_type_id',
    label: CREDIT_TEXTS.type,
    required: true,
    component: 'ItemSelect',
    props: { endpoint: CREDIT_TYPES_PATH, labelKey: 'title', valueKey: 'id' },
  },
  {
    key: 'credit_count',
    label: CREDIT_TEXTS.count,
    type: 'number',
    required: true,
    min: 1,
    max: CREDIT_COUNT_MAX,
    step: 1,
  },
  {
    key: 'company_id',
    label: CREDIT_TEXTS.company,
    required: true,
    component: 'ItemSelect',
    props: COMPANY_PICKER,
  },
  {
    key: 'credit_price',
    label: CREDIT_TEXTS.price,
    type: 'number',
    required: true,
    min: 0,
    step: 0.01,
    depends: paidType,
  },
  {
    key: 'pro_form_nr',
    label: CREDIT_TEXTS.proForma,
    required: true,
    maxlength: 64,
    depends: paidType,
  },
];

/** POST /credits (spec §5 Add resources): super admins give a company a pool of resources. */
export const addResourcesForm: FormDefinition = {
  name: 'add-resources',
  title: CREDIT_TEXTS.addResources,
  item: 'resources',
  verb: 'add',
  successMessage: CREDIT_TEXTS.resourcesAdded,
  permission: 'super_admin',
  method: 'POST',
  url: CREDITS_PATH,
  fields,
  invalidate: [creditsKeys.all],
};
