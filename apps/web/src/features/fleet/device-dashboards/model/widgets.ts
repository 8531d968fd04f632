// The widget list edits a dashboard offers: add at the end, remove, move one place (the buttons,
// the keyboard's path) or to any place (a drop).
import {
  DEVICE_DASHBOARD_WIDGETS_MAX,
  type DeviceDashboardWidget,
  type DeviceDashboardWidgetInput,
} from '@netfleet/contracts';

export type WidgetList = readonly (DeviceDashboardWidget | DeviceDashboardWidgetInput)[];

export const canAddWidget = (widgets: WidgetList) => widgets.length < DEVICE_DASHBOARD_WIDGETS_MAX;

export const addWidget = (widgets: WidgetList, widget: DeviceDashboardWidgetInput): WidgetList => [
  ...widgets,
  widget,
];

export const removeWidget = (widgets: WidgetList, index: number): WidgetList =>
  widgets.filter((_, at) => at !== index);

/** The widget at `index` swapped with its neighbour (-1: up, +1: down); unchanged at an end. */
export function moveWidget(widgets: WidgetList, index: number, by: -1 | 1): WidgetList {
  const target = index + by;
  const moved = widgets[index];
  const other = widgets[target];
  if (!moved || !other) return widgets;
  const next = [...widgets];
  next[index] = other;
  next[target] = moved;
  return next;
}

/** The widget at `from` moved to `to` (a drop), the others keeping their order. */
export function moveWidgetTo(widgets: WidgetList, from: number, to: number): WidgetList {
  const moved = widgets[from];
  if (!moved || from === to || to < 0 || to >= widgets.length) return widgets;
  const next = widgets.filter((_, at) => at !== from);
  next.splice(to, 0, moved);
  return next;
}
