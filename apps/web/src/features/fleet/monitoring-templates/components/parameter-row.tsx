import { ActionIcon, NumberInput, Switch, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import {
  formatBytes,
  MONITORING_PERIOD_MAX,
  MONITORING_PERIOD_MIN,
  type MonitoringParameter,
} from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { humanPeriod, parameterLabel, messageBytes, parameterBytesPerDay } from '../parameters';
import type { TemplateFormInput } from '../template-form-schema';
import { TEMPLATE_TEXTS } from '../texts';

const MESSAGE_DECIMALS = 3;

interface ParameterRowProps {
  index: number;
  control: Control<TemplateFormInput>;
  onRemove: () => void;
}

/**
 * A byte cost, or a dimmed dash where there is none to show (off, or a period to fix first).
 * Per-message costs get a third decimal: a 4-byte PUBACK would otherwise read '0 KB'.
 */
function Cost({ bytes, decimals }: { bytes: number | null; decimals?: number }) {
  if (bytes !== null) return <>{formatBytes(bytes, decimals)}</>;
  return <Text c="dimmed">—</Text>;
}

/** One parameter: on/off (turning off asks first), period with its human form, byte costs. */
export function ParameterRow({ index, control, onRemove }: ParameterRowProps) {
  const parameter = useWatch({ control, name: `parameters.${index}` }) as MonitoringParameter;
  const label = parameterLabel(parameter.key);
  const bytes = messageBytes(parameter.key);
  const perDay = parameterBytesPerDay(parameter);

  const remove = async () => {
    const confirmed = await confirmDialog({
      title: TEMPLATE_TEXTS.removeParameterTitle,
      message: TEMPLATE_TEXTS.removeParameterConfirm(label),
      confirmText: TEMPLATE_TEXTS.remove,
      danger: true,
    });
    if (confirmed) onRemove();
  };

  return (
    <Table.Tr>
      <Table.Td>
        <Controller
          name={`parameters.${index}.enabled`}
          control={control}
          render={({ field }) => (
            <Switch
              aria-label={TEMPLATE_TEXTS.enable(label)}
              checked={field.value}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                void (async () => {
                  if (!checked) {
                    const confirmed = await confirmDialog({
                      title: TEMPLATE_TEXTS.turnOffTitle,
                      message: TEMPLATE_TEXTS.turnOffConfirm(label),
                      confirmText: TEMPLATE_TEXTS.turnOff,
                      danger: true,
                    });
                    if (!confirmed) return;
                  }
                  field.onChange(checked);
                })();
              }}
            />
          )}
        />
      </Table.Td>
      <Table.Td>{label}</Table.Td>
      <Table.Td>
        <Controller
          name={`parameters.${index}.period`}
          control={control}
          render={({ field, fieldState }) => (
            <NumberInput
              aria-label={TEMPLATE_TEXTS.periodOf(label)}
              min={MONITORING_PERIOD_MIN}
              max={MONITORING_PERIOD_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={Number.isFinite(field.value) ? field.value : ''}
              onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
              onBlur={field.onBlur}
              description={humanPeriod(field.value)}
              error={fieldState.error?.message}
              w={200}
            />
          )}
        />
      </Table.Td>
      <Table.Td>
        <Cost bytes={bytes?.down ?? null} decimals={MESSAGE_DECIMALS} />
      </Table.Td>
      <Table.Td>
        <Cost bytes={bytes?.up ?? null} decimals={MESSAGE_DECIMALS} />
      </Table.Td>
      <Table.Td>
        <Cost bytes={parameter.enabled ? perDay : null} />
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={TEMPLATE_TEXTS.removeParameter(label)}
          onClick={() => void remove()}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
