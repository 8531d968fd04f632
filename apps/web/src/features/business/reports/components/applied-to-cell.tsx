import { Text, Tooltip } from '@mantine/core';
import type { ReportTemplate } from '@netfleet/contracts';
import { APPLIED_BY_LABELS, REPORT_TEXTS } from '../texts';

/** How many names a cell lists before "+n more" (the tooltip lists them all). */
const SHOWN = 3;

/** What a template applies to: the kind, then the names (devices, companies or tags). */
export function AppliedToCell({ template }: { template: ReportTemplate }) {
  const names = template.apply_list_names;
  const shown = names.slice(0, SHOWN).join(', ');
  const more = names.length - SHOWN;
  const text = more > 0 ? `${shown} ${REPORT_TEXTS.moreItems(more)}` : shown;
  return (
    <Tooltip label={names.join(', ')} disabled={more <= 0} multiline maw={360}>
      <Text size="sm">
        <Text span size="sm" c="dimmed">
          {APPLIED_BY_LABELS[template.applied_by]}:
        </Text>{' '}
        {text || REPORT_TEXTS.none}
      </Text>
    </Tooltip>
  );
}
