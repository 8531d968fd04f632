import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangesDiff } from './changes-diff';

describe('ChangesDiff', () => {
  it('shows what changed option by option, a Wi-Fi key only as changed', () => {
    render(
      <MantineProvider env="test">
        <ChangesDiff
          label="Changes"
          changes={[
            { path: '/system/system', option: 'hostname', before: 'rut-1', after: 'edge-1' },
            {
              path: '/wireless/default_radio0',
              option: 'key',
              before: 'old-key-1',
              after: 'new-key-2',
            },
          ]}
        />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Changes' });
    expect(within(table).getByText('rut-1')).toBeInTheDocument();
    expect(within(table).getByText('edge-1')).toBeInTheDocument();
    expect(within(table).getAllByText('••••••')).toHaveLength(2);
    expect(table).not.toHaveTextContent(/old-key-1|new-key-2/);
  });
});
