import { describe, expect, it } from 'vitest';
import { ZChangePasswordRequest } from '@contract/auth';
import { FILL_IN_ALL_FIELDS, requireAllFirst } from './forms';

const resolve = (values: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
  requireAllFirst(ZChangePasswordRequest, ['currentPassword', 'newPassword', 'confirmPassword'])(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('requireAllFirst', () => {
  it('says the spec’s one sentence while a field is blank, and keeps the rules of the fields already filled', async () => {
    const { errors, values } = await resolve({ currentPassword: '   ', newPassword: 'short', confirmPassword: '' });
    expect(values).toEqual({});
    expect(errors.root?.message).toBe(FILL_IN_ALL_FIELDS);
    expect(errors.newPassword?.message).toBe('Password must be at least 8 characters long.');
    expect(Object.keys(errors).sort()).toEqual(['newPassword', 'root']);
  });

  it('is the contract’s resolver once every field is filled', async () => {
    const bad = await resolve({ currentPassword: 'old', newPassword: 'a new password', confirmPassword: 'another one' });
    expect(bad.errors).toEqual({ confirmPassword: expect.objectContaining({ message: "Passwords don't match" }) });
    const good = await resolve({ currentPassword: 'old', newPassword: 'a new password', confirmPassword: 'a new password' });
    expect(good).toEqual({
      values: { currentPassword: 'old', newPassword: 'a new password', confirmPassword: 'a new password' },
      errors: {},
    });
  });
});
