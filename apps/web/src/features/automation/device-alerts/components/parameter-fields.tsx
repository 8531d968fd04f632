import { Group } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { DATA_LIMIT_PERIODS } from '@netfleet/contracts';
import type { AddFormValues } from '../model/add-form';
import { needsOf } from '../model/catalogue';
import { DEVICE_ALERTS_TEXTS as T } from '../texts';
import { NumberField, SelectField, TextField } from './form-inputs';

const SIM_OPTIONS = [1, 2].map((sim) => ({ value: String(sim), label: T.simLabel(sim) }));
const PERIOD_OPTIONS = DATA_LIMIT_PERIODS.map((period) => ({
  value: period,
  label: T.periods[period],
}));

function Geofence() {
  return (
    <Group grow align="flex-start">
      <NumberField name="latitude" label={T.latitude} min={-90} max={90} decimals required />
      <NumberField name="longitude" label={T.longitude} min={-180} max={180} decimals required />
      <NumberField name="radius" label={T.radius} min={1} max={1_000_000} required />
    </Group>
  );
}

function DataLimit() {
  const period = useWatch<AddFormValues, 'period'>({ name: 'period' });
  return (
    <>
      <Group grow align="flex-start">
        <NumberField name="data_limit" label={T.dataLimit} min={0} required />
        <SelectField name="sim" label={T.sim} data={SIM_OPTIONS} numeric required />
      </Group>
      <Group grow align="flex-start">
        <SelectField name="period" label={T.period} data={PERIOD_OPTIONS} required />
        <NumberField name="starts" label={T.starts[period ?? 'month']} min={0} max={31} required />
      </Group>
    </>
  );
}

/** What the chosen event watches: a geofence, a data limit, a phone number. */
export function ParameterFields() {
  const { control } = useFormContext<AddFormValues>();
  const [typeId, subtypeId] = useWatch({ control, name: ['alert_type_id', 'alert_subtype_id'] });
  const needs = needsOf(typeId, subtypeId);
  return (
    <>
      {needs.geofence && <Geofence />}
      {needs.dataLimit && <DataLimit />}
      {needs.phone && <TextField name="phone" label={T.phone} description={T.phoneHint} required />}
    </>
  );
}
