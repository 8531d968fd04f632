import { describe } from 'vitest';
import { roleRoutes } from './routes/roles';
import { runMatrix } from './run';

describe('permission matrix: roles', () => runMatrix(roleRoutes));
