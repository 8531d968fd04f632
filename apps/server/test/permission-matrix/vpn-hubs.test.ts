import { describe } from 'vitest';
import { vpnHubRoutes } from './routes/vpn-hubs';
import { runMatrix } from './run';

describe('permission matrix: VPN hubs', () => runMatrix(vpnHubRoutes));
