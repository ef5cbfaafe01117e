import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { DangerButton } from '../../../src/client/components/danger-button.js';
import { RowAction } from '../../../src/client/features/groups/components/table-parts.js';
import { inboxListQuery } from '../../../src/client/features/inbox/api.js';
import { SslRowButtons, type SslRowActions } from '../../../src/client/features/monitor/components/ssl-cells.js';
import { EditLink, StatusSwitch, type ActionableRow, type SharedRowActions } from '../../../src/client/features/monitor/components/task-cells.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import { reportConnection } from '../../../src/client/lib/offline/connection.js';
import { shouldPersistQuery } from '../../../src/client/lib/offline/persist-policy.js';
import type { SslTaskRow } from '../../../src/shared/index.js';

const OFFLINE_REASON = 'You are offline — changes need a connection';
const DISABLED = /\sdisabled=""/;

function render(element: ReactElement): string {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions('en'), showSupportNotice: false });
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>{element}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** The control's own tag (the reason is rendered after it). */
function controlTag(html: string, tag: string): string {
  return new RegExp(`<${tag}[^>]*>`).exec(html)?.[0] ?? '';
}

/** The control points at a visible-to-assistive-technology text that holds the reason. */
function expectDescribedByReason(html: string, tag: string): void {
  const describedBy = /aria-describedby="([^"]+)"/.exec(controlTag(html, tag))?.[1];
  expect(describedBy).toBeTruthy();
  expect(html).toMatch(new RegExp(`id="${describedBy}"[^>]*>${OFFLINE_REASON}<`));
}


/** Offline as the console knows it: the device said so and a call (or probe) found no server. */
function goOffline(): void {
  reportConnection('deviceOffline');
  reportConnection('serverUnreachable');
}
afterEach(() => reportConnection('serverAnswered'));

describe('a delete button', () => {
  it('deletes as usual online', () => {
    const html = render(<DangerButton>Delete</DangerButton>);
    expect(controlTag(html, 'button')).not.toMatch(DISABLED);
    expect(html).not.toContain(OFFLINE_REASON);
  });

  it('is disabled offline with the reason, keeping its own description', () => {
    goOffline();
    const html = render(<DangerButton aria-describedby="own-note">Delete</DangerButton>);
    const button = controlTag(html, 'button');
    expect(button).toMatch(DISABLED);
    expect(button).toContain(`title="${OFFLINE_REASON}"`);
    expect(button).toMatch(/aria-describedby="own-note [^"]+"/);
    expect(html).toContain(OFFLINE_REASON);
  });

  it('online, stays disabled for its own reason without naming the network', () => {
    const html = render(<DangerButton disabled>Delete</DangerButton>);
    expect(controlTag(html, 'button')).toMatch(DISABLED);
    expect(html).not.toContain(OFFLINE_REASON);
  });
});

const TASK: ActionableRow = { id: 4, name: 'Shop', status: 1, deployStatus: 'completed', errorNodeCount: 0 };
const ACTIONS: SharedRowActions<ActionableRow> = { readOnly: false, onToggleStatus: () => undefined, onOpenDeploy: () => undefined, pendingStatusId: null };

function Switch({ row = TASK }: { row?: ActionableRow }) {
  const { t } = useTranslation();
  return <StatusSwitch row={row} actions={ACTIONS} t={t} />;
}

describe("a task row's switch and edit link", () => {
  it('work online; a deploying task still says why it waits', () => {
    expect(controlTag(render(<Switch />), 'button')).not.toMatch(DISABLED);
    const deploying = controlTag(render(<Switch row={{ ...TASK, deployStatus: 'processing' }} />), 'button');
    expect(deploying).toMatch(DISABLED);
    expect(deploying).not.toContain(OFFLINE_REASON);
  });

  it('are disabled offline and say why', () => {
    goOffline();
    const html = render(<Switch />);
    expect(controlTag(html, 'button')).toMatch(/role="switch"[^>]*\sdisabled=""|\sdisabled=""[^>]*role="switch"/);
    expectDescribedByReason(html, 'button');
    const edit = render(<EditLinkOf />);
    expect(edit).toContain('aria-disabled="true"');
    expect(edit).not.toContain('href=');
  });
});

function EditLinkOf() {
  const { t } = useTranslation();
  return <EditLink to="/monitor/edit/3/4" name="Shop" t={t} />;
}

const SSL_ROW: SslTaskRow = {
  ...TASK,
  domain: 'shop.example.com',
  port: 443,
  frequencyMinutes: 60,
  nodeCount: 1,
  domainGroup: '',
  tags: [],
  validTo: null,
  daysLeft: null,
  sslStatus: null,
  issuer: null,
  subject: null,
  authorized: null,
  lastCheckAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};

function SslButtons() {
  const { t } = useTranslation();
  const actions: SslRowActions = { readOnly: false, onToggleStatus: () => undefined, onOpenDeploy: () => undefined, pendingStatusId: null, onCheck: () => undefined };
  return <SslRowButtons row={SSL_ROW} actions={actions} t={t} />;
}

describe('"check now" on an SSL row', () => {
  it('is disabled offline: the check needs the server', () => {
    expect(controlTag(render(<SslButtons />), 'button')).not.toMatch(DISABLED);
    reportConnection('serverUnreachable');
    const html = render(<SslButtons />);
    expect(controlTag(html, 'button')).toMatch(DISABLED);
    expect(html).toContain('The server cannot be reached — changes need a connection');
  });
});

describe("a group row's actions", () => {
  it('disable the changes offline and leave viewing open', () => {
    goOffline();
    const view = render(
      <RowAction label="View Ops" onClick={() => undefined}>
        View
      </RowAction>,
    );
    expect(controlTag(view, 'button')).not.toMatch(DISABLED);
    expect(view).not.toContain(OFFLINE_REASON);
    const rename = render(
      <RowAction label="Rename Ops" onClick={() => undefined} changes>
        Rename
      </RowAction>,
    );
    expect(controlTag(rename, 'button')).toMatch(DISABLED);
    expectDescribedByReason(rename, 'button');
  });
});

describe("the inbox's first page", () => {
  it('is kept on the device when answered, so the bell has its last-known count offline', () => {
    const query = inboxListQuery();
    const answer = { list: [], total: 0, unread: 2 };
    expect(shouldPersistQuery({ meta: query.meta, state: { status: 'success', data: answer } })).toBe(true);
    expect(shouldPersistQuery({ meta: query.meta, state: { status: 'error', data: undefined } })).toBe(false);
  });
});
