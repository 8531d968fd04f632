import { describe } from 'vitest';
import { deviceAlertsRoutes } from './routes/device-alerts';
import { runMatrix } from './run';

describe('permission matrix: device alerts', () => runMatrix(deviceAlertsRoutes));
