import { Outlet } from 'react-router-dom';
import { Notifications } from '../components/notifications.js';
import { ProgressBar } from '../components/progress-bar.js';
import { ApiEventBridge } from './api-event-bridge.js';

/** Around every route: progress bar, notifications and the bridge from api events. */
export function RootShell() {
  return (
    <>
      <ProgressBar />
      <ApiEventBridge />
      <Outlet />
      <Notifications />
    </>
  );
}
