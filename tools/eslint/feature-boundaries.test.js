import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { featureBoundaries } from './feature-boundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const srcDir = '/repo/apps/web/src';
const options = [{ srcDir }];
const at = (file) => `${srcDir}/${file}`;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    {
      filename: at('features/organisation/users/pages/a.tsx'),
      code: "import x from '../api/keys';",
      options,
    },
    {
      filename: at('features/organisation/users/pages/a.tsx'),
      code: "import x from '@/features/organisation/users/api/keys';",
      options,
    },
    {
      filename: at('features/organisation/users/pages/a.tsx'),
      code: "import x from '@/components/data-table';",
      options,
    },
    {
      filename: at('app/pages.ts'),
      code: "const m = import('@/features/organisation/users');",
      options,
    },
    { filename: at('lib/api-client.ts'), code: "import { z } from 'zod';", options },
    {
      filename: '/elsewhere/file.ts',
      code: "import x from '@/features/organisation/users';",
      options,
    },
  ],
  invalid: [
    {
      filename: at('features/organisation/users/pages/a.tsx'),
      code: "import x from '@/features/identity/account';",
      options,
      errors: [{ messageId: 'feature' }],
    },
    {
      filename: at('features/organisation/users/pages/a.tsx'),
      code: "import x from '../../account/api/keys';",
      options,
      errors: [{ messageId: 'feature' }],
    },
    {
      filename: at('features/organisation/users/pages/a.tsx'),
      code: "export * from '../../../system/mail-logs';",
      options,
      errors: [{ messageId: 'feature' }],
    },
    {
      filename: at('features/identity/auth/pages/login.tsx'),
      code: "import { useBrand } from '@/app/brand/brand-context';",
      options,
      errors: [{ messageId: 'app' }],
    },
    {
      filename: at('components/data-table/x.tsx'),
      code: "import x from '../../features/organisation/users';",
      options,
      errors: [{ messageId: 'shared' }],
    },
    {
      filename: at('lib/session.ts'),
      code: "const m = import('@/app/router');",
      options,
      errors: [{ messageId: 'app' }],
    },
  ],
});
