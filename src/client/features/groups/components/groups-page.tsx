import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.js';
import { LABEL_KIND_INFO, LABEL_KINDS, labelKindOfTab } from '../label-kinds.js';
import { LabelPanel } from './label-panel.js';
import { ReadOnlyNote } from './read-only-note.js';

const TAB_PARAM = 'tab';

const tabClass = ({ selected }: { selected: boolean }) =>
  `focus-ring -mb-px min-h-10 border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap ${
    selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'
  }`;

/**
 * /monitor/groups: the customer's domain groups and tags, a tab each (the tab is in the URL, so a
 * reload or a shared link opens the same one). A task names its group and tags, so renaming or
 * deleting one here changes the tasks carrying it.
 */
export function GroupsPage({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const kind = labelKindOfTab(searchParams.get(TAB_PARAM));
  // Another tab starts with its own empty search and first page.
  const choose = (index: number) => {
    const next = LABEL_KINDS[index] ?? 'domainGroup';
    setSearchParams(next === 'domainGroup' ? {} : { [TAB_PARAM]: LABEL_KIND_INFO[next].tab }, { replace: true });
  };
  return (
    <div>
      <PageHeader title={t('routes.monitorGroups')} />
      {readOnly && <ReadOnlyNote />}
      <TabGroup selectedIndex={LABEL_KINDS.indexOf(kind)} onChange={choose}>
        <TabList aria-label={t('groups:tabs.label')} className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200">
          {LABEL_KINDS.map((tabKind) => (
            <Tab key={tabKind} className={tabClass}>
              {t(`groups:tabs.${tabKind}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          {LABEL_KINDS.map((tabKind) => (
            <TabPanel key={tabKind} className="focus-ring rounded-lg">
              {/* Keyed: the other tab's selection and dialogs never carry over. */}
              <LabelPanel key={tabKind} kind={tabKind} readOnly={readOnly} />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </div>
  );
}
