import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.js';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider for the address list. */
  wide?: boolean;
}

/**
 * A dialog: focus stays inside while it is open, Escape and the backdrop close it, and focus goes
 * back to the control that opened it. The element marked `data-autofocus` gets the focus first.
 */
export function Modal({ open, title, onClose, children, wide = false }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-center justify-center p-3 sm:p-4">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <DialogPanel
        className={`relative flex max-h-[calc(100dvh-1.5rem)] w-full flex-col overflow-y-auto rounded-xl bg-white p-5 shadow-xl sm:p-6 ${
          wide ? 'max-w-2xl' : 'max-w-md'
        }`}
      >
        <div className="flex items-start gap-3">
          <DialogTitle className="min-w-0 flex-1 text-lg font-semibold break-words text-slate-900">{title}</DialogTitle>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('close')}
            className="focus-ring -mt-1 -mr-2 shrink-0 rounded p-2 text-slate-500 hover:text-slate-900"
          >
            <CloseIcon />
          </button>
        </div>
        {children}
      </DialogPanel>
    </Dialog>
  );
}

/** The buttons at the foot of a dialog, the main one last. */
export function ModalActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-wrap justify-end gap-2">{children}</div>;
}
