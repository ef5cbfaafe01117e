import { useId, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { useImportGate } from '../lib/import-activity.js';
import { useNetworkGate } from '../lib/offline/network-gate.js';

type Variant = 'primary' | 'secondary';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-300',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400',
};

const SHAPE = 'focus-ring inline-flex items-center justify-center rounded-md px-4 py-2 text-sm font-medium';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
}

/** A control that creates, changes or deletes monitor tasks: also blocked while an import is processing (2105). */
export interface TaskChangeProp {
  taskChange?: boolean | undefined;
}

export function Button({ variant = 'primary', className = '', type = 'button', ...props }: ButtonProps) {
  return <button {...props} type={type} className={`${SHAPE} disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`} />;
}

function describedBy(...ids: (string | undefined | null | false)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

interface OwnControlProps extends TaskChangeProp {
  disabled?: boolean | undefined;
  title?: string | undefined;
  'aria-describedby'?: string | undefined;
}

export interface GatedControl {
  /** Spread on the control: disabled, the reason as its tooltip and description while there is no connection. */
  control: { disabled: boolean; title: string | undefined; 'aria-describedby': string | undefined };
  /** Render beside the control: the reason it points to (nothing while connected). */
  reason: ReactNode;
  blocked: boolean;
}

/**
 * For any control that changes data (a switch, a row action, a button): while offline or the
 * server is out of reach it is disabled and says why (tooltip and aria-describedby). Changes are
 * never queued for later. A task change (`taskChange`) also waits while an import is processing.
 */
export function useGatedControl(own: OwnControlProps = {}): GatedControl {
  const network = useNetworkGate();
  const importGate = useImportGate(own.taskChange === true);
  const gate = network.blocked ? network : importGate;
  const reasonId = useId();
  return {
    blocked: gate.blocked,
    control: {
      disabled: own.disabled === true || gate.blocked,
      title: gate.reason ?? own.title,
      'aria-describedby': describedBy(own['aria-describedby'], gate.blocked && reasonId),
    },
    reason:
      gate.reason === null ? null : (
        <span id={reasonId} className="sr-only">
          {gate.reason}
        </span>
      ),
  };
}

/** A button that changes data: disabled with the reason while there is no connection. */
export function NetworkButton({ disabled, title, taskChange, ...props }: ButtonProps & TaskChangeProp) {
  const gate = useGatedControl({ disabled, title, taskChange, 'aria-describedby': props['aria-describedby'] });
  return (
    <>
      <Button {...props} {...gate.control} />
      {gate.reason}
    </>
  );
}

interface NetworkLinkProps extends LinkProps, TaskChangeProp {
  className?: string;
}

/**
 * A link to a screen that changes data (create, edit): while there is no connection it is shown
 * disabled with the reason instead of leading to a form that could not be saved.
 */
export function NetworkLink({ className = '', children, 'aria-label': label, taskChange, ...props }: NetworkLinkProps) {
  const gate = useGatedControl({ taskChange });
  if (!gate.blocked) {
    return (
      <Link {...props} aria-label={label} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <>
      <a role="link" aria-disabled="true" aria-label={label} title={gate.control.title} aria-describedby={gate.control['aria-describedby']} className={`${className} cursor-not-allowed opacity-50`}>
        {children}
      </a>
      {gate.reason}
    </>
  );
}
