import { describe } from 'vitest';
import { deviceRoutes } from './routes/devices';
import { runMatrix } from './run';

describe('permission matrix: devices', () => runMatrix(deviceRoutes));
