import { describe } from 'vitest';
import { deviceDashboardRoutes } from './routes/device-dashboards';
import { runMatrix } from './run';

describe('permission matrix: device dashboards', () => runMatrix(deviceDashboardRoutes));
