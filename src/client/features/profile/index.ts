export { ProfileUpdatePage } from './components/profile-update-page.js';
