import { describe } from 'vitest';
import { authDeviceRoutes } from './routes/auth-devices';
import { runMatrix } from './run';

describe('permission matrix: approved devices', () => runMatrix(authDeviceRoutes));
