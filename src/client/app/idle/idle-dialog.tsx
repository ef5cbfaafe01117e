import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';

export interface IdleDialogProps {
  open: boolean;
  secondsLeft: number;
  onStay: () => void;
  onSignOut: () => void;
}

/**
 * The countdown as a native modal <dialog> (the browser keeps focus in it and makes the rest
 * inert): Escape or a press on the backdrop means "stay", like the "stay signed in" button, which
 * has focus when it opens.
 */
export function IdleDialog({ open, secondsLeft, onStay, onSignOut }: IdleDialogProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const countdownId = useId();

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLButtonElement>('[data-stay]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      data-idle-dialog
      aria-labelledby={titleId}
      aria-describedby={countdownId}
      onCancel={(event) => {
        event.preventDefault();
        onStay();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onStay();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-xl bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t('idle.title')}
        </h2>
        <p id={countdownId} className="mt-2 text-sm text-slate-700">
          {t('idle.countdown', { seconds: secondsLeft })}
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onSignOut}>
            {t('idle.signOutNow')}
          </Button>
          <Button data-stay onClick={onStay}>
            {t('idle.stay')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
