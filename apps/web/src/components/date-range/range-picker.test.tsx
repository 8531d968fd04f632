import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, type DateRange } from './date-range';
import { fromZonedInput, toZonedInput } from './zoned-input';
import { RangePicker } from './range-picker';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const PRESETS = [
  { value: '1d', label: 'Last 24 hours', ms: DAY_MS },
  { value: '7d', label: 'Last 7 days', ms: 7 * DAY_MS },
];

function Harness({ onChange }: { onChange: (range: DateRange) => void }) {
  const [value, setValue] = useState<DateRange>({ preset: '7d' });
  return (
    <MantineProvider env="test">
      <RangePicker
        presets={PRESETS}
        value={value}
        maxMs={30 * DAY_MS}
        onChange={(range) => {
          setValue(range);
          onChange(range);
        }}
      />
    </MantineProvider>
  );
}

const setInput = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const local = (offsetMs: number) => toZonedInput(NOW + offsetMs);

beforeEach(() => {
  // Only the clock: user-event's own timers keep running.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

async function openCustom(onChange = vi.fn()) {
  const user = userEvent.setup();
  render(<Harness onChange={onChange} />);
  await user.click(screen.getByRole('combobox', { name: 'Period' }));
  await user.click(await screen.findByRole('option', { name: 'Custom' }));
  return { user, onChange };
}

describe('RangePicker', () => {
  it('starts a custom range from the preset shown, and applies the one typed', async () => {
    const { user, onChange } = await openCustom();
    expect(screen.getByLabelText('From')).toHaveValue(local(-7 * DAY_MS));
    expect(screen.getByLabelText('To')).toHaveValue(local(0));
    expect(screen.getByLabelText('To')).toHaveAttribute('max', local(0));
    expect(onChange).not.toHaveBeenCalled();

    setInput('From', local(-3 * DAY_MS));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith({
      from: fromZonedInput(local(-3 * DAY_MS)),
      to: fromZonedInput(local(0)),
    });
  });

  it('shows what is wrong next to the input and applies nothing', async () => {
    const { user, onChange } = await openCustom();
    setInput('To', local(2 * DAY_MS));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Cannot be in the future')).toBeInTheDocument();

    setInput('To', local(-8 * DAY_MS));
    expect(screen.queryByText('Cannot be in the future')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('The start must be before the end')).toBeInTheDocument();

    setInput('From', local(-40 * DAY_MS));
    setInput('To', local(0));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('The range can span at most 30 days')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('goes back to a preset at once', async () => {
    const { user, onChange } = await openCustom();
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last 24 hours' }));
    expect(onChange).toHaveBeenCalledWith({ preset: '1d' });
    expect(screen.queryByLabelText('From')).toBeNull();
  });
});
