import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dialogs } from './dialog-store';
import { renderWithHost } from './test-utils';
import { jsonViewerDialog, prettyJson, textViewerDialog, VIEWER_TEXTS } from './viewer-dialogs';

const saved = vi.hoisted(() => ({ calls: [] as { blob: Blob; filename: string }[] }));
vi.mock('@/lib/download', () => ({
  saveBlob: (blob: Blob, filename: string) => saved.calls.push({ blob, filename }),
}));

describe('viewer dialogs', () => {
  it('pretty-prints JSON text and values, and leaves other text alone', () => {
    expect(prettyJson('{"a":[1,2]}')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    expect(prettyJson({ b: true })).toBe('{\n  "b": true\n}');
    expect(prettyJson('not json')).toBe('not json');
  });

  it('shows a JSON document monospaced, downloads it, and can be maximised', async () => {
    const { user } = renderWithHost();
    act(() => dialogs.open(jsonViewerDialog({ title: 'Values of Depot', value: '{"x":1}' })));
    const dialog = screen.getByRole('dialog', { name: 'Values of Depot' });
    expect(
      within(dialog).getByRole('document', { name: VIEWER_TEXTS.document('Values of Depot') }),
    ).toHaveTextContent('"x": 1');
    expect(within(dialog).getByRole('button', { name: VIEWER_TEXTS.copy })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Maximize' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: VIEWER_TEXTS.download }));
    expect(saved.calls.at(-1)?.filename).toBe('values-of-depot.json');
    expect(await saved.calls.at(-1)?.blob.text()).toBe('{\n  "x": 1\n}');
  });

  it('shows a long text under its own file name', async () => {
    const { user } = renderWithHost();
    act(() =>
      dialogs.open(
        textViewerDialog({ title: 'Output', text: 'line 1\nline 2', filename: 'out.log' }),
      ),
    );
    const dialog = screen.getByRole('dialog', { name: 'Output' });
    expect(within(dialog).getByRole('document').textContent).toBe('line 1\nline 2');
    await user.click(within(dialog).getByRole('button', { name: VIEWER_TEXTS.download }));
    expect(saved.calls.at(-1)?.filename).toBe('out.log');
  });
});
