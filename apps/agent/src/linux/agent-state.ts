import { z } from 'zod';
import { readState, writeState } from '../state-file.ts';

const agentStateSchema = z.object({
  device_id: z.number().int().positive().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  /** Finished job ids, announced in hello so a resent command is not run again. */
  done_jobs: z.array(z.number().int().positive()).default([]),
  /** Jobs that end with this process (reboot, firmware apply): acked completed at next start. */
  pending: z.array(z.object({ id: z.number().int().positive(), type: z.string() })).default([]),
});
export type AgentState = z.infer<typeof agentStateSchema>;

export const loadAgentState = (path: string) =>
  readState(path, agentStateSchema, { done_jobs: [], pending: [] });

export const saveAgentState = (path: string, state: AgentState) => writeState(path, state);
