import { describe } from 'vitest';
import { tagRoutes } from './routes/tags';
import { runMatrix } from './run';

describe('permission matrix: tags', () => runMatrix(tagRoutes));
