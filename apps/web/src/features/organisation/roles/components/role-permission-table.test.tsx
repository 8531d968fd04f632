import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PERMISSION_CATALOGUE, PERMISSION_CATEGORIES } from '@netfleet/contracts';
import { RolePermissionTable } from './role-permission-table';

function Editable({ initial, onChange }: { initial: string[]; onChange: (v: string[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <RolePermissionTable
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      grantable={['view_reports', 'manage_reports', 'view_devices']}
    />
  );
}

const renderTable = (ui: ReactElement) => {
  render(<MantineProvider env="test">{ui}</MantineProvider>);
  return userEvent.setup();
};

describe('RolePermissionTable', () => {
  it('read-only shows the granted permissions by category, or all of them marked', async () => {
    const user = renderTable(<RolePermissionTable value={['view_reports', 'view_devices']} />);
    const table = screen.getByRole('table', { name: 'Permissions' });
    expect(within(table).getByText('Reports')).toBeInTheDocument();
    expect(within(table).getByText('Devices and monitoring')).toBeInTheDocument();
    expect(within(table).getByText(PERMISSION_CATALOGUE.view_reports)).toBeInTheDocument();
    expect(within(table).queryByText('manage_reports')).not.toBeInTheDocument();
    expect(within(table).queryByText('Administration')).not.toBeInTheDocument();
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();

    await user.click(screen.getByText('All'));
    const row = within(table).getByText('manage_reports').closest('tr') as HTMLElement;
    expect(within(row).getByRole('img', { name: 'Not granted' })).toBeInTheDocument();
    expect(within(table).getByText(`1 / ${PERMISSION_CATEGORIES.Reports.length}`)).toBeVisible();
  });

  it('searches names and descriptions', async () => {
    const user = renderTable(<RolePermissionTable value={[]} onChange={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Search permissions' }), 'impersonat');
    expect(screen.getByText('impersonate_users')).toBeInTheDocument();
    expect(screen.getByText('view_impersonation_logs')).toBeInTheDocument();
    expect(screen.queryByText('view_devices')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Search permissions' }));
    await user.type(screen.getByRole('textbox', { name: 'Search permissions' }), 'zzz');
    expect(screen.getByText('No permissions match the search')).toBeInTheDocument();
  });

  it('ticks permissions one by one or a whole category, leaving ungrantable ones alone', async () => {
    const onChange = vi.fn();
    const user = renderTable(<Editable initial={[]} onChange={onChange} />);
    const reports = screen.getByRole('checkbox', { name: 'Select all Reports' });
    await user.click(reports);
    expect(onChange).toHaveBeenLastCalledWith(['view_reports', 'manage_reports']);
    expect(reports).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'manage_reports' }));
    expect(onChange).toHaveBeenLastCalledWith(['view_reports']);
    expect(reports).toHaveAttribute('data-indeterminate', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'view_devices' }));
    // Catalogue order, whatever the clicking order.
    expect(onChange).toHaveBeenLastCalledWith(['view_devices', 'view_reports']);
    expect(screen.getByRole('checkbox', { name: 'super_admin' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select all System' })).toBeDisabled();
  });

  it('lets a permission one cannot grant be taken away, never given back', async () => {
    const onChange = vi.fn();
    const user = renderTable(
      <Editable initial={['manage_smtp', 'view_reports']} onChange={onChange} />,
    );
    const smtp = screen.getByRole('checkbox', { name: 'manage_smtp' });
    expect(smtp).toBeEnabled();
    await user.click(smtp);
    expect(onChange).toHaveBeenLastCalledWith(['view_reports']);
    expect(smtp).toBeDisabled();
    // Select-all of a category grants only the grantable ones.
    await user.click(screen.getByRole('checkbox', { name: 'Select all Reports' }));
    expect(onChange).toHaveBeenLastCalledWith(['view_reports', 'manage_reports']);
    await user.click(screen.getByRole('checkbox', { name: 'Select all Reports' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});
