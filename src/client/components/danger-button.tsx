import type { ButtonHTMLAttributes } from 'react';
import { useGatedControl, type TaskChangeProp } from './button.js';

/**
 * A destructive action: the shared button's shape in red. Deleting changes data, so while there is
 * no connection it is disabled and says why.
 */
export function DangerButton({ className = '', type = 'button', disabled, title, taskChange, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & TaskChangeProp) {
  const gate = useGatedControl({ disabled, title, taskChange, 'aria-describedby': props['aria-describedby'] });
  return (
    <>
      <button
        {...props}
        {...gate.control}
        type={type}
        className={`focus-ring inline-flex items-center justify-center rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:bg-red-300 ${className}`}
      />
      {gate.reason}
    </>
  );
}
