/** A loaded session carries only the user columns requests need: never the password hash. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/db';
import { TestClock } from '../test/app';
import { buildUser } from '../test/factories';
import { createSessionStore } from './sessions';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(() => database.close());

it('loads the session user without secrets', async () => {
  const user = await buildUser(database.db, { credits: 3 });
  const store = createSessionStore(database.db, new TestClock(), 30);
  const loaded = await store.load(await store.create(user.id, { userAgent: 'vitest' }));
  expect(loaded?.user).toEqual({
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    accountType: user.accountType,
    credits: 3,
    createdAt: user.createdAt,
  });
  expect(loaded?.user).not.toHaveProperty('passwordHash');
});
