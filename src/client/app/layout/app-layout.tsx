import { useMemo } from 'react';
import { Outlet } from 'react-router-dom';
import { IdleWatch } from '../idle/idle-watch.js';
import { visibleSections } from '../navigation.js';
import { OfflineBanner } from '../offline/offline-banner.js';
import { UpdatePrompt } from '../pwa/index.js';
import { useSession } from '../session-context.js';
import { AdminBanner } from './admin-banner.js';
import { ImportWatch, TaskScreenLockBanner } from './import-watch.js';
import { SubNav } from './section-nav.js';
import { TopBar } from './top-bar.js';

/** Frame of every session screen. */
export function AppLayout() {
  const { user, adminMode } = useSession();
  const sections = useMemo(() => visibleSections(user), [user]);
  return (
    <ImportWatch>
      <div className="flex min-h-dvh flex-col bg-slate-50">
        {adminMode && <AdminBanner user={user} />}
        <TopBar sections={sections} />
        <SubNav sections={sections} />
        <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6">
          <TaskScreenLockBanner />
          <Outlet />
        </main>
        <OfflineBanner />
        <IdleWatch idleSeconds={user.idleSeconds} />
        <UpdatePrompt />
      </div>
    </ImportWatch>
  );
}
