import { describe } from 'vitest';
import { systemRoutes } from './routes/system';
import { runMatrix } from './run';

describe('permission matrix: system', () => runMatrix(systemRoutes));
