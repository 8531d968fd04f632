import { describe } from 'vitest';
import { deviceDocumentationRoutes } from './routes/device-documentations';
import { runMatrix } from './run';

describe('permission matrix: device documentations', () => runMatrix(deviceDocumentationRoutes));
