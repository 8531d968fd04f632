import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEVICE_JOB_STATES } from '@netfleet/contracts';
import { JobStateBadge } from './job-state-badge';
import { JOB_STATE_LABELS } from './texts';

const renderBadge = (state: (typeof DEVICE_JOB_STATES)[number]) =>
  render(
    <MantineProvider env="test">
      <JobStateBadge state={state} />
    </MantineProvider>,
  );

describe('JobStateBadge', () => {
  it('names every job state', () => {
    for (const state of DEVICE_JOB_STATES) {
      const view = renderBadge(state);
      expect(screen.getByText(JOB_STATE_LABELS[state])).toBeInTheDocument();
      view.unmount();
    }
    expect(JOB_STATE_LABELS.timeout).toBe('Timed out');
  });

  it('tells how a job ended by colour', () => {
    const colorOf = (state: (typeof DEVICE_JOB_STATES)[number]) => {
      const view = renderBadge(state);
      const color = view.container.querySelector('.mantine-Badge-root')?.getAttribute('style');
      view.unmount();
      return color;
    };
    expect(colorOf('completed')).toContain('green');
    expect(colorOf('failed')).toContain('red');
    expect(colorOf('timeout')).toContain('orange');
    expect(new Set(DEVICE_JOB_STATES.map(colorOf)).size).toBe(DEVICE_JOB_STATES.length);
  });
});
