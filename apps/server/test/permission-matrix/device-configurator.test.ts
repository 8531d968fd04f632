import { describe } from 'vitest';
import { deviceConfiguratorRoutes } from './routes/device-configurator';
import { runMatrix } from './run';

describe('permission matrix: device configuration', () => runMatrix(deviceConfiguratorRoutes));
