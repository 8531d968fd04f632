import { describe } from 'vitest';
import { emailConfigurationRoutes } from './routes/email-configurations';
import { runMatrix } from './run';

describe('permission matrix: email-configurations', () => runMatrix(emailConfigurationRoutes));
