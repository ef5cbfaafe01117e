// The sign-in and SSO screens: code of their own (app/screen-loaders.ts), so a signed-in first screen
// does not load them.
export { LoginPage } from './components/login-page.js';
export { SsoPage } from './components/sso-page.js';
