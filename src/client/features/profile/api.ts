import type { ProfileUpdateBody } from '../../../shared/index.js';
import { request } from '../../lib/api-client.js';

export function updateProfile(body: ProfileUpdateBody) {
  return request('profileUpdate', body);
}
