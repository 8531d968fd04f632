import { describe } from 'vitest';
import { esimRoutes } from './routes/esim';
import { runMatrix } from './run';

describe('permission matrix: esim', () => runMatrix(esimRoutes));
