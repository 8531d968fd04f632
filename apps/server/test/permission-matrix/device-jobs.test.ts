import { describe } from 'vitest';
import { deviceJobRoutes } from './routes/device-jobs';
import { runMatrix } from './run';

describe('permission matrix: device jobs, files and monitoring', () => runMatrix(deviceJobRoutes));
