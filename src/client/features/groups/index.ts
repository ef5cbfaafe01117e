export { GroupsPage } from './components/groups-page.js';
export { MatchIpPage } from './components/match-ip-page.js';
