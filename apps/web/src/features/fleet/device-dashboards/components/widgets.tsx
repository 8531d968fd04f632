import { Group, Paper, Stack, Title } from '@mantine/core';
import type { HTMLAttributes, ReactNode } from 'react';
import type { Device, DeviceDashboardWidget } from '@netfleet/contracts';
import type { DateRange } from '@/components/date-range';
import { metricTitle } from '../model/metrics';
import { DASHBOARD_TEXTS as T } from '../texts';
import { GpsBody } from './gps-widget';
import { ImageBody } from './image-widget';
import { IoBody } from './io-widget';
import { ChartBody, FactsBody, ValueBody } from './metric-widgets';

/** What makes a card a place to drop a dragged widget (editing only). */
export type DropProps = Pick<
  HTMLAttributes<HTMLElement>,
  'onDragOver' | 'onDragLeave' | 'onDrop'
> & {
  /** A widget dragged over it would land here. */
  dropping: boolean;
};

/** A widget's frame: its title, its controls (editing) and what it shows. */
export function WidgetCard({
  title,
  controls,
  drop,
  children,
}: {
  title: string;
  controls?: ReactNode;
  drop?: DropProps | undefined;
  children: ReactNode;
}) {
  const { dropping = false, ...handlers } = drop ?? {};
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={title}
      {...handlers}
      style={dropping ? { outline: '2px dashed var(--mantine-primary-color-filled)' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={3} size="h5">
            {title}
          </Title>
          {controls}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** The widget's own title, else its metric's, pin's or kind's name. */
export function widgetTitle(widget: DeviceDashboardWidget): string {
  if (widget.title) return widget.title;
  switch (widget.kind) {
    case 'chart':
    case 'value':
      return metricTitle(widget.metric);
    case 'io':
      return widget.pin ? widget.pin.name : T.kinds.io;
    default:
      return T.kinds[widget.kind];
  }
}

export interface WidgetProps {
  widget: DeviceDashboardWidget;
  device: Device;
  period: DateRange;
  controls?: ReactNode;
  drop?: DropProps | undefined;
}

function WidgetBody({ widget, device, period, title }: WidgetProps & { title: string }) {
  switch (widget.kind) {
    case 'facts':
      return <FactsBody device={device} />;
    case 'chart':
    case 'value': {
      const props = { deviceId: device.id, metric: widget.metric, period, title };
      return widget.kind === 'chart' ? <ChartBody {...props} /> : <ValueBody {...props} />;
    }
    case 'io':
      return <IoBody deviceId={device.id} pin={widget.pin} period={period} title={title} />;
    case 'gps':
      return <GpsBody device={device} track={widget.track} period={period} />;
    case 'image':
      return <ImageBody imageId={widget.image_id} title={title} />;
  }
}

/** One widget of a dashboard, reading what it shows (the same source is read once for all). */
export function Widget(props: WidgetProps) {
  const title = widgetTitle(props.widget);
  return (
    <WidgetCard title={title} controls={props.controls} drop={props.drop}>
      <WidgetBody {...props} title={title} />
    </WidgetCard>
  );
}
