import type { ProfileUpdateBody, UserInfo } from '../../../shared/index.js';

export type ProfileFormValues = Required<ProfileUpdateBody>;

export function initialProfileValues(user: Pick<UserInfo, 'name' | 'email'>): ProfileFormValues {
  return { name: user.name, email: user.email, oldPassword: '', newPassword: '', confirmPassword: '' };
}
