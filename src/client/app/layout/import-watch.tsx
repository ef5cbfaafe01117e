import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ImportLockBanner, useImportWatch } from '../../features/import/index.js';
import { ImportActivityContext } from '../../lib/import-activity.js';
import type { ScreenId } from '../routes.js';
import { routeAt } from '../screen-loaders.js';

/**
 * Follows the customer's processing import on every session screen and tells the screens (task
 * controls, the import screen) through the context. Its own component, so a poll's answer
 * re-renders only what reads the context, not the layout and the screen.
 */
export function ImportWatch({ children }: { children: ReactNode }) {
  const activity = useImportWatch();
  return <ImportActivityContext.Provider value={activity}>{children}</ImportActivityContext.Provider>;
}

/** The screens that create, change or delete monitor tasks: the banner says there why their controls wait. */
const TASK_SCREENS: ReadonlySet<ScreenId> = new Set([
  'monitorList',
  'monitorCreate',
  'monitorEdit',
  'monitorCreateTrace',
  'monitorEditTrace',
  'monitorDetail',
  'monitorTraceDetail',
]);

/** The import lock's banner, on the task screens only (the import screen shows the progress itself). */
export function TaskScreenLockBanner() {
  const screen = routeAt(useLocation().pathname)?.screen;
  return screen !== undefined && TASK_SCREENS.has(screen) ? <ImportLockBanner /> : null;
}
