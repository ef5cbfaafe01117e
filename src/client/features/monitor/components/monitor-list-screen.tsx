import { useParams } from 'react-router-dom';
import { isListableType } from '../monitor-types.js';
import { MonitorTaskList } from './monitor-list-page.js';
import { SslTaskList } from './ssl-list-page.js';
import { TypeTabs } from './type-tabs.js';

/** /monitor/{type}: the tabs of the seven types and the list of the chosen one (the route checked the type). */
export function MonitorListPage({ readOnly }: { readOnly: boolean }) {
  const type = Number(useParams().type);
  return (
    <div>
      <TypeTabs current={type} />
      {/* Keyed by type: selection and dialogs of one type never carry over to another. */}
      {isListableType(type) ? <MonitorTaskList key={type} type={type} readOnly={readOnly} /> : <SslTaskList readOnly={readOnly} />}
    </div>
  );
}
