import { describe } from 'vitest';
import { wirelessRoutes } from './routes/wireless';
import { runMatrix } from './run';

describe('permission matrix: wireless', () => runMatrix(wirelessRoutes));
