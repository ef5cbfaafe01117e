import { describe, expect, it } from 'vitest';
import { ProfileUpdateBody, validate } from '../../src/shared/index.js';
import { fieldErrors } from './helpers.js';

const REQUIRED = 10010002;
const FORMAT = 10010004;
const TOO_LONG = 10010005;
const TOO_SHORT = 10010006;
const MISMATCH = 10010007;

const base = { name: 'Amy Chen', email: 'amy@example.com' };

describe('ProfileUpdateBody: profile and password in one form', () => {
  it.each([
    ['no password fields', {}],
    ['all passwords empty', { oldPassword: '', newPassword: '', confirmPassword: '' }],
    ['a full password change', { oldPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' }],
    ['a 6-character new password', { oldPassword: 'x', newPassword: 'abcdef', confirmPassword: 'abcdef' }],
    ['a 20-character new password', { oldPassword: 'x', newPassword: 'p'.repeat(20), confirmPassword: 'p'.repeat(20) }],
    ['a CJK new password', { oldPassword: 'x', newPassword: '新密碼新密碼', confirmPassword: '新密碼新密碼' }],
    ['a name of CJK characters', { name: '陳'.repeat(50) }],
  ])('accepts %s', (_label, fields) => {
    expect(validate(ProfileUpdateBody, { ...base, ...fields }).ok).toBe(true);
  });

  it('fills absent password fields with empty text', () => {
    expect(validate(ProfileUpdateBody, base)).toEqual({
      ok: true,
      data: { ...base, oldPassword: '', newPassword: '', confirmPassword: '' },
    });
  });

  it.each([
    [
      'an old password without a new one',
      { oldPassword: 'old-secret', newPassword: '', confirmPassword: '' },
      [{ field: 'newPassword', code: REQUIRED }],
    ],
    [
      'a new password without the old one',
      { oldPassword: '', newPassword: 'new-secret', confirmPassword: 'new-secret' },
      [{ field: 'oldPassword', code: REQUIRED }],
    ],
    [
      'a confirmation that differs',
      { oldPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secreT' },
      [{ field: 'confirmPassword', code: MISMATCH }],
    ],
    [
      'a confirmation without a new password',
      { oldPassword: '', newPassword: '', confirmPassword: 'new-secret' },
      [{ field: 'confirmPassword', code: MISMATCH }],
    ],
    [
      'a new password that is too short',
      { oldPassword: 'old-secret', newPassword: 'abc', confirmPassword: 'abc' },
      [{ field: 'newPassword', code: TOO_SHORT, params: { min: 6 } }],
    ],
    [
      'a new password that is too long',
      { oldPassword: 'old-secret', newPassword: 'p'.repeat(21), confirmPassword: 'p'.repeat(21) },
      [{ field: 'newPassword', code: TOO_LONG, params: { max: 20 } }],
    ],
    [
      'a new password with a control character',
      { oldPassword: 'old-secret', newPassword: 'new\u0007secret', confirmPassword: 'new\u0007secret' },
      [{ field: 'newPassword', code: FORMAT }],
    ],
    ['an empty name', { name: '' }, [{ field: 'name', code: REQUIRED }]],
    ['a name of 256 characters', { name: '陳'.repeat(256) }, [{ field: 'name', code: TOO_LONG, params: { max: 255 } }]],
    ['an invalid email', { email: 'amy@' }, [{ field: 'email', code: FORMAT }]],
    ['an empty email', { email: '' }, [{ field: 'email', code: REQUIRED }]],
  ])('refuses %s', (_label, fields, errors) => {
    expect(fieldErrors(ProfileUpdateBody, { ...base, ...fields })).toEqual(errors);
  });

  it('reports every offending field by its own name', () => {
    const errors = fieldErrors(ProfileUpdateBody, { name: '', email: 'bad', newPassword: 'abc', confirmPassword: 'abc' });
    expect(errors.map((error) => error.field)).toEqual(['name', 'email', 'newPassword', 'oldPassword']);
  });

  it('shows a password mismatch in the same submit as a wrong name', () => {
    const errors = fieldErrors(ProfileUpdateBody, { ...base, name: '', oldPassword: 'old-pass-1', newPassword: 'new-pass-1', confirmPassword: 'new-pass-2' });
    expect(errors).toEqual([
      { field: 'name', code: REQUIRED },
      { field: 'confirmPassword', code: 10010007 },
    ]);
  });

  it('reports a missing name and email as required', () => {
    expect(fieldErrors(ProfileUpdateBody, {})).toEqual([
      { field: 'name', code: REQUIRED },
      { field: 'email', code: REQUIRED },
    ]);
  });
});
