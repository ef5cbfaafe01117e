import { useInsertionEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { Notifications } from '../components/notifications.js';
import { ProgressBar } from '../components/progress-bar.js';
import { removePaintedPicture } from '../lib/offline/painted-picture.js';
import { ApiEventBridge } from './api-event-bridge.js';

/** Around every route: progress bar, notifications and the bridge from api events. */
export function RootShell() {
  // The first screen is drawn in this commit: a picture painted before React goes in the same frame,
  // while React writes the DOM (before any layout effect measures a page holding both).
  useInsertionEffect(removePaintedPicture, []);
  return (
    <>
      <ProgressBar />
      <ApiEventBridge />
      <Outlet />
      <Notifications />
    </>
  );
}
