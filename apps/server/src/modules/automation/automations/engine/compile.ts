import { AUTOMATION_MAX_ATOMS, AUTOMATION_MESSAGES } from '@netfleet/contracts';
import type {
  Atom,
  CompiledAtom,
  CompileError,
  CompileResult,
  Operator,
  ParameterValue,
  RuleDefinition,
} from './rule-types';

const MAX_ATOMS = AUTOMATION_MAX_ATOMS;

const NUMERIC: ReadonlySet<string> = new Set(['<', '<=', '>', '>=']);
const OPERATORS: ReadonlySet<string> = new Set([...NUMERIC, '==', '!=', 'changed']);
const TIMINGS = ['delaySeconds', 'repetitions', 'cooldownSeconds', 'renotifySeconds'] as const;

export const COMPILE_MESSAGES = {
  atomCount: `Between 1 and ${MAX_ATOMS} conditions`,
  parameter: 'Parameter is required',
  operator: 'Operator must be one of <, <=, >, >=, ==, != or changed',
  // The request schemas give these already; the same words when a rule comes from elsewhere.
  joinsWith: AUTOMATION_MESSAGES.joinsWith,
  hysteresisOperator: AUTOMATION_MESSAGES.hysteresisOperator,
  hysteresisValue: 'Hysteresis must be a number >= 0',
  numberValue: AUTOMATION_MESSAGES.numberValue,
  plainValue: (parameter: string) =>
    `Value must be a number or a string for parameter "${parameter}"`,
  timing: 'Must be a whole number >= 0',
} as const;

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

const isNumeric = (operator: Operator) => NUMERIC.has(operator);

/** Moves the threshold away from firing: `< -110` with 3 clears at -107, `> 80` with 5 at 75. */
const clearBoundary = (operator: Operator, value: ParameterValue, hysteresis: number) => {
  if (typeof value !== 'number' || hysteresis === 0) return value;
  return operator === '<' || operator === '<=' ? value + hysteresis : value - hysteresis;
};

const atomErrors = (atom: Atom, index: number, last: boolean): CompileError[] => {
  const errors: CompileError[] = [];
  const at = (field: string, message: string) =>
    errors.push({ path: `expression.${index}.${field}`, message });
  if (typeof atom.parameter !== 'string' || atom.parameter === '')
    at('parameter', COMPILE_MESSAGES.parameter);
  const known = OPERATORS.has(atom.operator);
  if (!known) at('operator', COMPILE_MESSAGES.operator);
  if (known && isNumeric(atom.operator) && !isNumber(atom.value))
    at('value', COMPILE_MESSAGES.numberValue(atom.parameter));
  if (
    (atom.operator === '==' || atom.operator === '!=') &&
    !isNumber(atom.value) &&
    typeof atom.value !== 'string'
  )
    at('value', COMPILE_MESSAGES.plainValue(atom.parameter));
  // 0 means none, so a form that always sends the field still compiles for == and changed.
  if (atom.hysteresis !== undefined && atom.hysteresis !== 0) {
    if (!isNumber(atom.hysteresis) || atom.hysteresis < 0)
      at('hysteresis', COMPILE_MESSAGES.hysteresisValue);
    else if (known && !isNumeric(atom.operator))
      at('hysteresis', COMPILE_MESSAGES.hysteresisOperator);
  }
  // The last atom's joinsWith joins nothing and is ignored.
  if (!last && atom.joinsWith !== '&&' && atom.joinsWith !== '||')
    at('joinsWith', COMPILE_MESSAGES.joinsWith);
  return errors;
};

/** Splits at || (&& binds tighter): `a && b || c` → [[0, 1], [2]]. */
const groupsOf = (expression: readonly Atom[]) => {
  const groups: number[][] = [[]];
  expression.forEach((atom, index) => {
    groups[groups.length - 1]?.push(index);
    if (index < expression.length - 1 && atom.joinsWith === '||') groups.push([]);
  });
  return groups;
};

/** Checks a rule and prepares it for the evaluator; all errors at once, each with its path. */
export const compileRule = (def: RuleDefinition): CompileResult => {
  const expression = Array.isArray(def.expression) ? def.expression : [];
  const errors: CompileError[] = [];
  if (expression.length < 1 || expression.length > MAX_ATOMS)
    errors.push({ path: 'expression', message: COMPILE_MESSAGES.atomCount });
  expression.forEach((atom, index) =>
    errors.push(...atomErrors(atom, index, index === expression.length - 1)),
  );
  for (const field of TIMINGS) {
    const value = def[field];
    if (!Number.isSafeInteger(value) || value < 0)
      errors.push({ path: field, message: COMPILE_MESSAGES.timing });
  }
  if (errors.length > 0) return { ok: false, errors };

  const atoms: CompiledAtom[] = expression.map((atom) => ({
    parameter: atom.parameter,
    operator: atom.operator,
    value: atom.value,
    clear: clearBoundary(atom.operator, atom.value, atom.hysteresis ?? 0),
  }));
  const groups = groupsOf(expression);
  return {
    ok: true,
    rule: {
      id: def.id,
      atoms,
      groups,
      parameters: [...new Set(atoms.map((atom) => atom.parameter))],
      event: groups.every((group) => group.some((i) => atoms[i]?.operator === 'changed')),
      delayMs: def.delaySeconds * 1000,
      repetitions: Math.max(1, def.repetitions),
      cooldownMs: def.cooldownSeconds * 1000,
      renotifyMs: def.renotifySeconds * 1000,
    },
  };
};
