import { ActionIcon, Tooltip } from '@mantine/core';
import { IconArrowsMaximize } from '@tabler/icons-react';
import { openChartDialog } from './chart-dialog';
import { CHART_TEXTS as T } from './texts';
import type { TimeChartProps } from './types';

/** Opens the chart full size in the 'chart' dialog. */
export function ExpandChartButton({ title, data, formatValue, range }: TimeChartProps) {
  return (
    <Tooltip label={T.expandTooltip} withArrow>
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={T.expand(title)}
        onClick={() =>
          openChartDialog({
            title,
            data,
            ...(formatValue ? { formatValue } : {}),
            ...(range ? { range } : {}),
          })
        }
      >
        <IconArrowsMaximize size={14} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
