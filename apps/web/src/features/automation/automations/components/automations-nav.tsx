import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { AUTOMATIONS_ROUTE, SILENCES_ROUTE } from '../paths';
import { SILENCES_TEXTS as T } from '../silence-texts';

const VIEWS = { automations: AUTOMATIONS_ROUTE, silences: SILENCES_ROUTE } as const;
type View = keyof typeof VIEWS;

const isView = (value: string | null): value is View => value !== null && value in VIEWS;

/**
 * The rules and their silences, each its own route (both need the view permission): the tab
 * changes the path, so each table keeps its own paging and sorting in the URL.
 */
export function AutomationsNav({ view }: { view: View }) {
  const navigate = useNavigate();
  return (
    <Tabs
      value={view}
      onChange={(value) => {
        if (isView(value) && value !== view) void navigate(VIEWS[value]);
      }}
    >
      <Tabs.List aria-label={T.viewLabel}>
        <Tabs.Tab value="automations">{T.automationsTab}</Tabs.Tab>
        <Tabs.Tab value="silences">{T.silencesTab}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
