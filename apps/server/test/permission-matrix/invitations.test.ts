import { describe } from 'vitest';
import { invitationRoutes } from './routes/invitations';
import { runMatrix } from './run';

describe('permission matrix: invitations', () => runMatrix(invitationRoutes));
