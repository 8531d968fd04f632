import type { Task } from '@netfleet/contracts';

// A placeholder as the server fills it: {{name}}, the name as the run body's variables allow.
const PLACEHOLDER = /\{\{([A-Za-z_][A-Za-z0-9_]{0,63})\}\}/g;

export interface StepVariable {
  task_id: number;
  step: string;
  name: string;
  value: string;
}

/** Every placeholder of the steps' commands and paths, once per step, in step order. */
export function stepVariables(tasks: readonly Task[]): StepVariable[] {
  return [...tasks]
    .sort((a, b) => a.order - b.order)
    .flatMap((task) => {
      const text = [task.data.command, task.data.target_path, task.data.file].join('\n');
      const names = new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''));
      return [...names].map((name) => ({ task_id: task.id, step: task.name, name, value: '' }));
    });
}
