import { describe } from 'vitest';
import { automationsRoutes } from './routes/automations';
import { runMatrix } from './run';

describe('permission matrix: automations', () => runMatrix(automationsRoutes));
