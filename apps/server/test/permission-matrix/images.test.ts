import { describe } from 'vitest';
import { imageRoutes } from './routes/images';
import { runMatrix } from './run';

describe('permission matrix: images', () => runMatrix(imageRoutes));
