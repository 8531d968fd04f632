import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '@netfleet/contracts';
import { roleUser } from '@/test/fixtures';
import { stubUploads, type UploadAnswer } from '@/test/fake-xhr';
import { ok } from '@/test/mock-api';
import { dialog, IMAGES, imageInfo, lastBody, renderImages } from '../test-utils';

const lobby = imageInfo();

function choose(name: string, type: string, size?: number) {
  const file = new File(['picture'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  fireEvent.change(input, { target: { files: [file] } });
}

async function openRowAction(view: ReturnType<typeof renderImages>, action: string) {
  await screen.findByText(lobby.name);
  await view.user.click(screen.getByRole('button', { name: `Actions for ${lobby.name}` }));
  await view.user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('ImagesPage', { timeout: 30_000 }, () => {
  it('lists images with their thumbnails, and previews one at full size', async () => {
    const view = renderImages([lobby]);
    await screen.findByText(lobby.name);
    const row = within(screen.getByText(lobby.name).closest('tr') as HTMLElement);
    expect(row.getByText('1107×945')).toBeInTheDocument();
    expect(row.getByText(formatBytes(lobby.size))).toBeInTheDocument();
    const thumbnail = row.getByRole('button', { name: `Preview ${lobby.name}` });
    expect(thumbnail.querySelector('img')?.getAttribute('src')).toBe('/api/images/61/thumbnail');
    await view.user.click(thumbnail);
    const preview = await dialog(lobby.name);
    expect(preview.getByRole('img', { name: lobby.description })).toHaveAttribute(
      'src',
      '/api/images/61',
    );
  });

  it('offers the first upload when there are no images yet', async () => {
    renderImages([]);
    expect(await screen.findByText('No images yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Upload image' })).toHaveLength(2);
  });

  it('uploads a picture with a progress bar', async () => {
    let answer: (value: UploadAnswer) => void = () => undefined;
    const { calls } = stubUploads(() => new Promise((resolve) => (answer = resolve)));
    const view = renderImages([]);
    await screen.findByText('No images yet');
    await view.user.click(
      screen.getAllByRole('button', { name: 'Upload image' })[0] as HTMLElement,
    );
    const form = await dialog('Upload image');
    choose('plan.gif', 'image/gif');
    expect(await form.findByText('The file is not a JPEG or PNG image')).toBeInTheDocument();
    choose('plan.png', 'image/png', 5 * 1024 * 1024 + 1);
    expect(await form.findByText('Maximum file size is 5 MB')).toBeInTheDocument();
    choose('plan.png', 'image/png');
    await view.user.type(form.getByRole('textbox', { name: 'Description' }), 'Plan');
    await view.user.click(form.getByRole('button', { name: 'Upload' }));
    expect(await form.findByRole('progressbar', { name: /50%$/ })).toBeInTheDocument();
    answer({ status: 201, body: { success: true, data: lobby, meta: { id: lobby.id } } });
    expect(await screen.findByText('Image uploaded successfully')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/images');
    expect(calls[0]?.form.get('type')).toBe('device_dashboard');
    expect(calls[0]?.form.get('company_id')).toBe('3');
    expect((calls[0]?.form.get('image') as File).name).toBe('plan.png');
    await waitFor(() => expect(view.calls(IMAGES)).toHaveLength(2));
  });

  it('edits the description and deletes after confirmation', async () => {
    const view = renderImages([lobby], {
      'PUT /api/images/61': () => ok(imageInfo({ description: 'Hall' })),
      'DELETE /api/images/61': () => ok(),
    });
    await openRowAction(view, 'Edit description');
    const form = await dialog('Edit description');
    await view.user.clear(form.getByRole('textbox', { name: 'Description' }));
    await view.user.type(form.getByRole('textbox', { name: 'Description' }), 'Hall');
    await view.user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Image updated successfully')).toBeInTheDocument();
    expect(lastBody(view.calls, 'PUT /api/images/61')).toEqual({ description: 'Hall' });

    await openRowAction(view, 'Delete');
    const prompt = await dialog('Delete image');
    await view.user.click(prompt.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Image removed successfully')).toBeInTheDocument();
    expect(view.calls('DELETE /api/images/61')).toHaveLength(1);
  });

  it('lets a guest look, not change', async () => {
    const view = renderImages([lobby], {}, roleUser('read_only'));
    await screen.findByText(lobby.name);
    expect(screen.queryByRole('button', { name: 'Upload image' })).toBeNull();
    await view.user.click(screen.getByRole('button', { name: `Actions for ${lobby.name}` }));
    expect(await screen.findByRole('menuitem', { name: 'Preview' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });
});
