import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UploadProgress, type Upload } from './upload-progress';

function renderProgress(uploads: Upload[]) {
  const onClearFinished = vi.fn();
  render(
    <MantineProvider env="test">
      <UploadProgress uploads={uploads} onClearFinished={onClearFinished} />
    </MantineProvider>,
  );
  return onClearFinished;
}

describe('UploadProgress', () => {
  it('shows one bar per file with its progress', () => {
    renderProgress([{ id: 1, name: 'firmware.bin', progress: 0.426, status: 'uploading' }]);
    const region = within(screen.getByRole('region', { name: 'Uploads' }));
    expect(region.getByRole('progressbar', { name: 'firmware.bin' })).toHaveAttribute(
      'aria-valuenow',
      '43',
    );
    expect(region.getByText('43%')).toBeInTheDocument();
    // Nothing has finished yet.
    expect(region.queryByRole('button', { name: 'Clear finished' })).not.toBeInTheDocument();
  });

  it('says which uploads landed and why one failed, and clears the finished ones', async () => {
    const onClearFinished = renderProgress([
      { id: 1, name: 'a.conf', progress: 1, status: 'done' },
      { id: 2, name: 'b.conf', progress: 0.3, status: 'failed', error: 'Permission denied' },
    ]);
    expect(screen.getByRole('progressbar', { name: 'a.conf' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
    expect(screen.getByText('Permission denied')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(onClearFinished).toHaveBeenCalled();
  });

  it('renders nothing without uploads', () => {
    renderProgress([]);
    expect(screen.queryByRole('region', { name: 'Uploads' })).not.toBeInTheDocument();
  });
});
