import { describe } from 'vitest';
import { creditRoutes } from './routes/credits';
import { runMatrix } from './run';

describe('permission matrix: credits', () => runMatrix(creditRoutes));
