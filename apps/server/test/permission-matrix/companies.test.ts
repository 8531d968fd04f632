import { describe } from 'vitest';
import { companyRoutes } from './routes/companies';
import { runMatrix } from './run';

describe('permission matrix: companies', () => runMatrix(companyRoutes));
