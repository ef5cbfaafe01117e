import { useEffect, useState } from 'react';
import { LIMITS } from '../../shared/index.js';
import { Button } from './button.js';
import { showSnackbar } from './notification-store.js';

/** How many rows an export wrote of how many the filters hold (fewer when the cap cut it). */
export interface ExportCount {
  exported: number;
  total: number;
}

/** §8: an export that fails says so for 3 s, beside the button. */
function useFailureNotice(): [boolean, () => void] {
  const [failedAt, setFailedAt] = useState<number | null>(null);
  useEffect(() => {
    if (failedAt === null) return;
    const timer = window.setTimeout(() => setFailedAt(null), LIMITS.exportFailedNoticeMs);
    return () => window.clearTimeout(timer);
  }, [failedAt]);
  return [failedAt !== null, () => setFailedAt(Date.now())];
}

export interface ExportButtonProps {
  /** Writes and downloads the file; resolves with the counts for the snackbar. */
  onExport: () => Promise<ExportCount>;
  /** The snackbar's text once the file is written. */
  doneText: (count: ExportCount) => string;
  /** The feature's own texts: the button, the button while busy, the failed notice. */
  texts: { button: string; working: string; failed: string };
  disabled: boolean;
}

/** One export button: busy while the file is written, a snackbar when done, a notice beside it for 3 s when it fails. */
export function ExportButton({ onExport, doneText, texts, disabled }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const [failed, markFailed] = useFailureNotice();
  const run = async () => {
    setBusy(true);
    try {
      showSnackbar(doneText(await onExport()));
    } catch {
      markFailed();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="relative">
      <Button variant="secondary" onClick={() => void run()} disabled={disabled || busy} aria-busy={busy}>
        {busy ? texts.working : texts.button}
      </Button>
      {failed && (
        <p role="alert" className="absolute top-full right-0 z-10 mt-1 w-max max-w-64 rounded-md bg-red-600 px-3 py-1.5 text-sm text-white shadow">
          {texts.failed}
        </p>
      )}
    </div>
  );
}
