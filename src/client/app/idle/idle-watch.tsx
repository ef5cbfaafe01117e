import { Suspense, lazy, useCallback, useState } from 'react';
import { useSignOut, wakeSession } from '../../features/auth/index.js';
import { useIdleWatch } from './use-idle-watch.js';

// The countdown's code loads when it first shows (precached, so offline too), then stays mounted:
// closing the native dialog, rather than removing it, gives focus back where it was.
const IdleDialog = lazy(async () => ({ default: (await import('./idle-dialog.js')).IdleDialog }));

function wake(): void {
  // A failed wake-up shows its own notification (or the 401 path); nothing more to do here.
  wakeSession().catch(() => undefined);
}

/** Watches for inactivity and shows the countdown dialog (§4). */
export function IdleWatch({ idleSeconds }: { idleSeconds: number }) {
  const signOut = useSignOut();
  const onTimeout = useCallback(() => void signOut(), [signOut]);
  const { secondsLeft, stay } = useIdleWatch({ idleSeconds, wake, onTimeout });
  const open = secondsLeft !== null && secondsLeft > 0;
  const [shown, setShown] = useState(false);
  if (open && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <IdleDialog open={open} secondsLeft={secondsLeft ?? 0} onStay={stay} onSignOut={onTimeout} />
    </Suspense>
  );
}
