import { describe } from 'vitest';
import { statisticsRoutes } from './routes/statistics';
import { runMatrix } from './run';

describe('permission matrix: statistics', () => runMatrix(statisticsRoutes));
