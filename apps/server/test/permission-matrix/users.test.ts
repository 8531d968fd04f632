import { describe } from 'vitest';
import { userRoutes } from './routes/users';
import { runMatrix } from './run';

describe('permission matrix: users', () => runMatrix(userRoutes));
