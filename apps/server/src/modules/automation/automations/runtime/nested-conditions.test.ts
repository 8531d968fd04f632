import type { ConditionsBody } from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import { branchesOf, decideBranches, nestedParameters, topTag } from './nested-conditions';

const notify = (message: string) => ({
  name: 'SendNotification' as const,
  options: { message, receiving_users: ['1'] },
});

// signal < -110; under it: if temperature > 30 (then: if operator == 'Telia' / else), else.
const body = [
  {
    type: 'if',
    expression: [{ parameter: 'signal', operator: '<', value: -110, joins_with: undefined }],
    actions: [notify('top')],
    conditions: [
      {
        type: 'if',
        expression: [{ parameter: 'temperature', operator: '>', value: 30, joins_with: undefined }],
        actions: [notify('hot')],
        tag: 'hot',
        conditions: [
          {
            type: 'if',
            expression: [
              { parameter: 'operator', operator: '==', value: 'Telia', joins_with: undefined },
            ],
            actions: [notify('telia')],
          },
          { type: 'else', expression: [], actions: [notify('other operator')] },
        ],
      },
      { type: 'else', expression: [], actions: [{ name: 'Reboot' as const }] },
    ],
  },
] as ConditionsBody;

const top = {
  tag: topTag(body[0]),
  actions: body[0]?.actions ?? [],
  branches: branchesOf(body[0]),
};
const messages = (values: Record<string, number | string | null>) => {
  const decision = decideBranches(top, values);
  return {
    actions: decision.actions.map((action) =>
      action.name === 'SendNotification' ? action.options.message : action.name,
    ),
    conditions: decision.conditions,
  };
};

describe('nested if/else at fire time', () => {
  it('tags branches as RMS numbers them, keeping the tags given', () => {
    expect(top.tag).toBe('cond_0');
    expect(top.branches.map((branch) => branch.tag)).toEqual(['hot', 'cond_4']);
    expect(top.branches[0]?.branches.map((branch) => branch.tag)).toEqual(['cond_2', 'cond_3']);
    expect(nestedParameters(top.branches, ['signal'])).toEqual(['temperature', 'operator']);
  });

  it('runs the top actions, the true if and what is under it', () => {
    expect(messages({ signal: -120, temperature: 40, operator: 'Telia' })).toEqual({
      actions: ['top', 'hot', 'telia'],
      conditions: [
        { key: 'cond_0', value: true },
        { key: 'hot', value: true },
        { key: 'cond_2', value: true },
        { key: 'cond_3', value: false },
        { key: 'cond_4', value: false },
      ],
    });
  });

  it('takes the else of a false if, one level down too', () => {
    expect(messages({ signal: -120, temperature: 40, operator: 'Tele2' }).actions).toEqual([
      'top',
      'hot',
      'other operator',
    ]);
    expect(messages({ signal: -120, temperature: 20, operator: 'Telia' })).toEqual({
      actions: ['top', 'Reboot'],
      conditions: [
        { key: 'cond_0', value: true },
        { key: 'hot', value: false },
        { key: 'cond_4', value: true },
      ],
    });
  });

  it('treats an unknown value as false, so its else runs', () => {
    expect(messages({ signal: -120, temperature: null }).actions).toEqual(['top', 'Reboot']);
  });

  it('has nothing to decide without nested branches', () => {
    const plain = { tag: 'cond_0', actions: [notify('top')], branches: branchesOf(undefined) };
    expect(decideBranches(plain, {})).toEqual({
      actions: [notify('top')],
      conditions: [{ key: 'cond_0', value: true }],
    });
  });
});
