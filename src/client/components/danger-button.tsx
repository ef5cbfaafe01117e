import type { ButtonHTMLAttributes } from 'react';

/** A destructive action: the shared button's shape in red. */
export function DangerButton({ className = '', type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      {...props}
      type={type}
      className={`focus-ring inline-flex items-center justify-center rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:bg-red-300 ${className}`}
    />
  );
}
