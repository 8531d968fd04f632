import { SegmentedControl, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { HISTORY_VIEW_PARAM, LedgerTable, MovesTable } from '../components/history-tables';
import { ResourcesHeader } from '../components/resources-header';
import { CREDIT_TEXTS } from '../texts';

const MOVES = 'moves';
const LEDGER = 'ledger';

/**
 * Route `services.credit-history` (/resources/credits): the ledger of every change, or the moves
 * between companies. The choice lives in the URL (`view=moves`); switching starts the other table
 * on its first page but keeps the company filter, which both lists take.
 */
export function CreditHistoryPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get(HISTORY_VIEW_PARAM) === MOVES ? MOVES : LEDGER;
  const choose = (next: string) => {
    if (next === view) return;
    const kept = new URLSearchParams();
    const company = params.get('company_id');
    if (company) kept.set('company_id', company);
    if (next === MOVES) kept.set(HISTORY_VIEW_PARAM, MOVES);
    setParams(kept);
  };
  return (
    <Stack gap="md">
      <ResourcesHeader title={CREDIT_TEXTS.resourceHistory} section="history" />
      <SegmentedControl
        aria-label={CREDIT_TEXTS.historyView}
        value={view}
        onChange={choose}
        data={[
          { value: LEDGER, label: CREDIT_TEXTS.ledger },
          { value: MOVES, label: CREDIT_TEXTS.moves },
        ]}
        w="fit-content"
      />
      {view === MOVES ? <MovesTable /> : <LedgerTable />}
    </Stack>
  );
}
