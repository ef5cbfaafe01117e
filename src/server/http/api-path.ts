import { API_BASE } from '../../shared/calls/index.js';

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === API_BASE || path.startsWith(`${API_BASE}/`);
}
