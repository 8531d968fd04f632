import { Switch } from '@mantine/core';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useActivateAutomations } from '../api/activate-automations';
import { AUTOMATIONS_TEXTS as T, failedText } from '../texts';

interface AutomationEnabledSwitchProps {
  automation: { id: number; name: string; enabled: boolean };
  /** Without the manage permission the switch only shows the state. */
  readOnly: boolean;
  withLabel?: boolean;
}

/** A rule on or off through PUT /automations/activate; the lists refresh after. */
export function AutomationEnabledSwitch({
  automation,
  readOnly,
  withLabel = false,
}: AutomationEnabledSwitchProps) {
  const { mutate, isPending } = useActivateAutomations();
  return (
    <Switch
      aria-label={withLabel ? undefined : T.enableNamed(automation.name)}
      label={withLabel ? T.enabled : undefined}
      checked={isPending ? !automation.enabled : automation.enabled}
      disabled={readOnly || isPending}
      onChange={(event) => {
        const enabled = event.currentTarget.checked;
        mutate(
          { ids: [automation.id], enabled },
          {
            onSuccess: () => toast.success(T.activated(enabled)),
            onError: (error) =>
              toast.error(failedText(T.failed.update, isApiError(error) ? error.statusText : null)),
          },
        );
      }}
    />
  );
}
