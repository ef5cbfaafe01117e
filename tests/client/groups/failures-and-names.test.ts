import { describe, expect, it } from 'vitest';
import { groupFailureOf } from '../../../src/client/features/groups/failures.js';
import { checkLabelName, LABEL_KIND_INFO, LABEL_KINDS, labelKindOfTab } from '../../../src/client/features/groups/label-kinds.js';
import { ApiError } from '../../../src/client/lib/api-failure.js';
import { CALLS, ERROR_CODES, type CallId, type FieldError } from '../../../src/shared/index.js';

const envelope = (code: number | string, errors: FieldError[] = []) =>
  new ApiError('tagCreate', { kind: 'envelope', code, message: '', errors, httpStatus: 400 });

describe('what a failed save or delete means', () => {
  it('reads a taken name (2014), a vanished row (the kind\'s own code) and a group in use (2013)', () => {
    expect(groupFailureOf(envelope(2014), 2001)).toEqual({ kind: 'nameTaken' });
    expect(groupFailureOf(envelope('2001'), 2001)).toEqual({ kind: 'notFound' });
    expect(groupFailureOf(envelope(2103), 2001)).toEqual({ kind: 'other' });
    expect(groupFailureOf(envelope(2103), 2103)).toEqual({ kind: 'notFound' });
    expect(groupFailureOf(envelope(2013), 2112)).toEqual({ kind: 'inUse' });
  });

  it('passes the inner field errors of 1001 through, and leaves everything else to the global notice', () => {
    const errors = [{ field: 'name', code: 10010005 as const, params: { max: 50 } }];
    expect(groupFailureOf(envelope(1001, errors), 2103)).toEqual({ kind: 'fields', errors });
    expect(groupFailureOf(envelope(1001), 2103)).toEqual({ kind: 'other' });
    expect(groupFailureOf(new ApiError('tagCreate', { kind: 'network' }), 2103)).toEqual({ kind: 'other' });
    expect(groupFailureOf(new Error('boom'), 2103)).toEqual({ kind: 'other' });
  });

  it('uses codes of the catalogue', () => {
    for (const code of [2013, 2014, 2001, 2103, 2112, 1001]) expect(ERROR_CODES).toContain(code);
  });
});

describe('group and tag names', () => {
  it('are trimmed and checked with the shared rule (1-50 characters)', () => {
    expect(checkLabelName('domainGroup', '  web  ')).toEqual({ ok: true, name: 'web' });
    expect(checkLabelName('tag', 'x'.repeat(50))).toMatchObject({ ok: true });
    expect(checkLabelName('tag', 'x'.repeat(51))).toEqual({ ok: false, errors: [{ field: 'name', code: 10010005, params: { max: 50 } }] });
    expect(checkLabelName('domainGroup', '   ')).toMatchObject({ ok: false, errors: [{ field: 'name', code: 10010002 }] });
  });

  it('name each kind by its calls and its unknown-id code, and its tab in the URL', () => {
    expect(LABEL_KIND_INFO.domainGroup.notFoundCode).toBe(2103);
    expect(LABEL_KIND_INFO.tag.notFoundCode).toBe(2001);
    const calls: CallId[] = LABEL_KINDS.flatMap((kind) => {
      const { list, create, update, remove } = LABEL_KIND_INFO[kind].calls;
      return [list, create, update, remove];
    });
    expect(calls).toHaveLength(8);
    for (const call of calls) expect(CALLS[call].path).toMatch(/^\/(domain_group|tags)\//);
    expect(labelKindOfTab('tags')).toBe('tag');
    expect(labelKindOfTab('groups')).toBe('domainGroup');
    expect(labelKindOfTab(null)).toBe('domainGroup');
    expect(labelKindOfTab('other')).toBe('domainGroup');
  });
});
