import { createAutomationBodySchema } from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import { compileRule } from './compile';
import { ruleDefinitionOf } from './rule-definition';

const body = (fields: Record<string, unknown>, expression: Record<string, unknown>[]) =>
  createAutomationBodySchema.parse({
    name: 'Weak signal',
    company_id: 1,
    conditions_body: [{ type: 'if', expression, actions: [] }],
    ...fields,
  });

describe('an automation as the evaluator sees it', () => {
  it('takes the top if, its delay, repetitions, cooldown and renotify, and compiles', () => {
    const definition = ruleDefinitionOf(
      7,
      body(
        {
          delay_enabled: true,
          delay_duration: 300,
          delay_repetitions_count: 3,
          cooldown_enabled: true,
          cooldown_duration: 600,
          renotify_interval: 3600,
        },
        [
          { parameter: 'signal', operator: '<', value: -110, hysteresis: 3, joins_with: '&&' },
          { parameter: 'operator', operator: '==', value: 'Telia', joins_with: null },
        ],
      ),
    );
    expect(definition).toEqual({
      id: 7,
      expression: [
        { parameter: 'signal', operator: '<', value: -110, hysteresis: 3, joinsWith: '&&' },
        { parameter: 'operator', operator: '==', value: 'Telia' },
      ],
      delaySeconds: 300,
      repetitions: 3,
      cooldownSeconds: 600,
      renotifySeconds: 3600,
    });
    expect(compileRule(definition).ok).toBe(true);
  });

  it('leaves the delay and cooldown off when their switches are, whatever the durations', () => {
    const definition = ruleDefinitionOf(
      1,
      body({ delay_duration: 300, delay_repetitions_count: 3, cooldown_duration: 600 }, [
        { parameter: 'temperature', operator: '>', value: 70 },
      ]),
    );
    expect(definition).toMatchObject({ delaySeconds: 0, repetitions: 0, cooldownSeconds: 0 });
  });

  it('observes an event as a change of its key, so it fires once per event', () => {
    const definition = ruleDefinitionOf(
      2,
      body({}, [{ parameter: 'firmware_changed', operator: '==', value: true }]),
    );
    expect(definition.expression).toEqual([
      { parameter: 'firmware_changed', operator: 'changed', value: '' },
    ]);
    const compiled = compileRule(definition);
    expect(compiled.ok && compiled.rule.event).toBe(true);
  });
});
