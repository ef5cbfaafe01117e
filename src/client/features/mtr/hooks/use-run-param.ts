import { useSearchParams } from 'react-router-dom';

/** The run on screen lives in the URL (`?run=<id>`), so a reload or a shared link shows it again. */
export function useRunParam(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const text = params.get('run');
  const id = text !== null && /^\d{1,15}$/.test(text) ? Number(text) : null;
  const setRun = (next: number | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === null) updated.delete('run');
        else updated.set('run', String(next));
        return updated;
      },
      { replace: false },
    );
  return [id, setRun];
}
