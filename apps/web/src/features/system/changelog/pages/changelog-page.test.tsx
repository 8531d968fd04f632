import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APP_VERSION } from '@netfleet/contracts';
import { renderPage } from '@/test/render-page';
import { parseChangelog } from '../parse-changelog';
import { ChangelogPage } from './changelog-page';

describe('ChangelogPage', () => {
  it('shows the app version and the repository changelog', async () => {
    renderPage(<ChangelogPage />, { path: '/changelog' });
    expect(await screen.findByText(`Version ${APP_VERSION}`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Unreleased' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: `${APP_VERSION} — Foundation` }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(5);
    expect(screen.getByText(/Global notices: administrators write/)).toBeInTheDocument();
  });

  it('renders headings and list items as text only', () => {
    const markdown = [
      '# Changelog',
      'Prose <img src=x onerror=alert(1)> is skipped.',
      '## 1.0.0 <script>alert(1)</script>',
      '- Uses `npm start` and <b>bold</b>',
      '<iframe src="https://evil.example"></iframe>',
    ].join('\n');
    const { container } = renderPage(<ChangelogPage markdown={markdown} />, { path: '/changelog' });
    expect(
      screen.getByRole('heading', { name: '1.0.0 <script>alert(1)</script>' }),
    ).toBeInTheDocument();
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('npm start').tagName).toBe('CODE');
    expect(item).toHaveTextContent('<b>bold</b>');
    expect(container.querySelector('script, img, iframe, b')).toBeNull();
    expect(screen.queryByText(/Prose/)).not.toBeInTheDocument();
  });
});

describe('parseChangelog', () => {
  it('groups consecutive items into one list', () => {
    expect(parseChangelog('## A\n### Added\n- one\n* two\n\n## B\n- three')).toEqual([
      { kind: 'heading', level: 2, text: 'A' },
      { kind: 'heading', level: 3, text: 'Added' },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'heading', level: 2, text: 'B' },
      { kind: 'list', items: ['three'] },
    ]);
  });
});
