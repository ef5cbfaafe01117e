export { login, logout, managementPlatformUrl, userInfoQuery, userInfoQueryKey, wakeSession } from './api.js';
export { useReturnToPlatform } from './hooks/use-return-to-platform.js';
export { useSignOut } from './hooks/use-sign-out.js';
export { loginPathFor, safeRedirectTarget } from './redirect-target.js';
