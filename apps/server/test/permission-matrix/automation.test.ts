import { describe } from 'vitest';
import { automationRoutes } from './routes/automation';
import { runMatrix } from './run';

describe('permission matrix: task manager and device passwords', () => runMatrix(automationRoutes));
