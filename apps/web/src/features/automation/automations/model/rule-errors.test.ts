import { describe, expect, it } from 'vitest';
import { inputPath, sourcePath } from './rule-errors';
import { newAction, newAtom, newRuleForm } from './rule-form';

const values = () => ({
  ...newRuleForm(),
  conditions_body: [
    {
      type: 'if' as const,
      expression: [newAtom(), newAtom()],
      actions: [newAction('SendEmail', { id: 7, email: 'a@example.com' })],
    },
  ],
});
const at = (source: string, scope = true, form = values()) =>
  inputPath(sourcePath(source), form, { scope })?.join('.') ?? null;

describe('inputPath', () => {
  it('names the condition input a source points at', () => {
    expect(at('conditions_body.0.expression.1.value')).toBe('conditions_body.0.expression.1.value');
    expect(at('conditions_body.0.expression.1.operator')).toBe(
      'conditions_body.0.expression.1.operator',
    );
    expect(at('conditions_body.0.expression')).toBe('conditions_body.0.expression');
    // A condition the form no longer has: the list above the buttons.
    expect(at('conditions_body.0.expression.3.value')).toBeNull();
  });

  it('puts an option list item under its option and the rest under the action', () => {
    expect(at('conditions_body.0.actions.0.options.receiving_emails.0')).toBe(
      'conditions_body.0.actions.0.options.receiving_emails',
    );
    expect(at('conditions_body.0.actions.0.name')).toBe('conditions_body.0.actions.0.name');
    expect(at('conditions_body.0.conditions.0.type')).toBeNull();
  });

  it('leaves to the list what the form does not show', () => {
    expect(at('company_id')).toBeNull();
    expect(at('scope.tag_id.0', false)).toBeNull();
    expect(at('scope.tag_id.0')).toBe('scope.tag_id');
    expect(at('delay_duration')).toBeNull();
    expect(at('delay_duration', true, { ...values(), delay_enabled: true })).toBe('delay_duration');
    expect(at('name')).toBe('name');
  });
});
