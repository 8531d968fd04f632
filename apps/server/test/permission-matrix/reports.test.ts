import { describe } from 'vitest';
import { reportRoutes } from './routes/reports';
import { runMatrix } from './run';

describe('permission matrix: reports', () => runMatrix(reportRoutes));
