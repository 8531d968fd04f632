import { describe } from 'vitest';
import { vpnClientRoutes } from './routes/vpn-clients';
import { runMatrix } from './run';

describe('permission matrix: VPN hub clients', () => runMatrix(vpnClientRoutes));
