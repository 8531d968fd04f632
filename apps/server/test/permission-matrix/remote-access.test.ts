import { describe } from 'vitest';
import { remoteAccessRoutes } from './routes/remote-access';
import { runMatrix } from './run';

describe('permission matrix: remote access', () => runMatrix(remoteAccessRoutes));
