import { describe } from 'vitest';
import { dataCollectRoutes } from './routes/data-collect';
import { runMatrix } from './run';

describe('permission matrix: data collection', () => runMatrix(dataCollectRoutes));
