import type { ProfileUpdateBody, UserInfo } from '../../../shared/index.js';

export type ProfileFormValues = Required<ProfileUpdateBody>;

export const PASSWORD_FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;

export function initialProfileValues(user: Pick<UserInfo, 'name' | 'email'>): ProfileFormValues {
  return { name: user.name, email: user.email, oldPassword: '', newPassword: '', confirmPassword: '' };
}

/** After a save the password fields start empty again; name and email keep what was saved. */
export function valuesAfterSave(saved: Pick<UserInfo, 'name' | 'email'>): ProfileFormValues {
  return initialProfileValues(saved);
}
