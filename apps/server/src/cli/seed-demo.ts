// npm run seed:demo -w @netfleet/server: demo company and one user per default role, for trying
// the console out and for the e2e tier. Same settings as the server (DATA_DIR or DATABASE_URL).
import { fail, loadConfigOrExit, openDatabase, printCreatedAdmin } from '@/bootstrap';
import { DEMO_PASSWORD_MIN_LENGTH, seedDemo } from '@/db/seed-demo';

const password = process.env.DEMO_PASSWORD ?? '';
if (password.length < DEMO_PASSWORD_MIN_LENGTH) {
  fail(
    `Set DEMO_PASSWORD to the password the demo users get (at least ${DEMO_PASSWORD_MIN_LENGTH} characters).`,
  );
}

const config = loadConfigOrExit(process.env);
const { database, seed } = await openDatabase(config);
try {
  if (seed.createdAdmin) printCreatedAdmin(seed.createdAdmin);
  const result = await seedDemo(database.db, { password });
  const state = (created: boolean) => (created ? 'created' : 'exists ');
  console.log(
    `${state(result.company.created)}  company ${result.company.name} (#${result.company.id})`,
  );
  for (const user of result.users) {
    console.log(`${state(user.created)}  ${user.role.padEnd(15)} ${user.email}`);
  }
  console.log('Demo users sign in with DEMO_PASSWORD; existing users keep the password they had.');
} finally {
  await database.close();
}
