/** Types of the alert-rule evaluator (design docs/design/alerts-automations.md §4.1, §4.3). */

export type Operator = '<' | '<=' | '>' | '>=' | '==' | '!=' | 'changed';

/** A parameter's value as readings carry it (e.g. signal: -95, operator: 'Telia'). */
export type ParameterValue = number | string;

export interface Atom {
  parameter: string;
  operator: Operator;
  value: number | string;
  /** >= 0; only with < <= > >= */
  hysteresis?: number;
  joinsWith?: '&&' | '||';
}

export interface RuleDefinition {
  id: number;
  /** Atoms in order; joinsWith of atom i joins it to atom i+1; && binds tighter than ||. At most 4. */
  expression: Atom[];
  /** "For at least N seconds": the expression must hold this long before the rule fires (0 = at once). */
  delaySeconds: number;
  /** And hold over at least this many readings (RMS delay_repetitions_count; 0 or 1 = no condition). */
  repetitions: number;
  /** After a resolve, no new fire before this many seconds (0 = none). */
  cooldownSeconds: number;
  /** While open, a renotify transition every this many seconds (0 = never). */
  renotifySeconds: number;
}

export interface CompiledAtom {
  readonly parameter: string;
  readonly operator: Operator;
  /** The threshold while the rule is idle or pending. */
  readonly value: ParameterValue;
  /** The threshold while the rule is open: value moved by the hysteresis away from firing. */
  readonly clear: ParameterValue;
}

export interface CompiledRule {
  readonly id: number;
  readonly atoms: readonly CompiledAtom[];
  /**
   * The expression in disjunctive form: it holds when every atom of some group holds. With only
   * && and || between at most four atoms (&& binding tighter), that is exactly the || split.
   */
  readonly groups: readonly (readonly number[])[];
  /** Distinct parameters the atoms read, in order of first use. */
  readonly parameters: readonly string[];
  /**
   * Parameters its transitions carry without reading them (nested if/else branches decide on
   * them once it fired); they never trigger an evaluation.
   */
  readonly carries?: readonly string[];
  /**
   * Every group needs a 'changed' atom, so the expression can only hold on the reading that made
   * the change: the rule reports one-off 'event' transitions and never opens an alert.
   */
  readonly event: boolean;
  readonly delayMs: number;
  /** At least 1. */
  readonly repetitions: number;
  readonly cooldownMs: number;
  readonly renotifyMs: number;
}

export interface CompileError {
  path: string;
  message: string;
}

export type CompileResult =
  { ok: true; rule: CompiledRule } | { ok: false; errors: CompileError[] };

export type TransitionKind = 'fired' | 'resolved' | 'renotify' | 'event';

export interface Transition {
  kind: TransitionKind;
  deviceId: number;
  ruleId: number;
  at: Date;
  /** The rule's parameters' current values (null: not known). */
  values: Record<string, ParameterValue | null>;
  reason?: string;
}

/** Why an open alert resolved. */
export const RESOLVE_REASONS = {
  cleared: 'cleared',
  ruleRemoved: 'rule removed',
  /** The rule became event-like: it can no longer hold an alert open. */
  ruleChanged: 'rule changed',
  outOfScope: 'out of scope',
  clearedWhileDown: 'cleared while the server was down',
} as const;

/** An open alert as persisted, and as seeded back after a restart. */
export interface OpenAlert {
  deviceId: number;
  ruleId: number;
  firedAt: Date;
  lastNotifiedAt: Date | null;
}

/** A rule waiting out its delay on a device (design §4.4's checkpoint): since when, how many readings. */
export interface PendingState {
  deviceId: number;
  ruleId: number;
  since: Date;
  count: number;
}
