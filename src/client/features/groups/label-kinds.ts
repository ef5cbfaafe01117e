import { DomainGroupCreateBody, LIMITS, TagCreateBody, validate, type FieldError } from '../../../shared/index.js';

/** The two label lists of the "Groups and tags" screen; each has its own calls and texts. */
export type LabelKind = 'domainGroup' | 'tag';

export const LABEL_KINDS: readonly LabelKind[] = ['domainGroup', 'tag'];

export interface LabelKindCalls {
  list: 'domainGroupList' | 'tagList';
  create: 'domainGroupCreate' | 'tagCreate';
  update: 'domainGroupUpdate' | 'tagUpdate';
  remove: 'domainGroupDelete' | 'tagDelete';
}

export interface LabelKindInfo {
  calls: LabelKindCalls;
  /** The catalogue's answer to an unknown id of this kind. */
  notFoundCode: number;
  nameMax: number;
  /** The first segment of this kind's query keys (the task form reads the same lists under it). */
  queryRoot: 'domain_group' | 'tags';
  /** Tab value in the URL. */
  tab: string;
}

export const LABEL_KIND_INFO: Readonly<Record<LabelKind, LabelKindInfo>> = {
  domainGroup: {
    calls: { list: 'domainGroupList', create: 'domainGroupCreate', update: 'domainGroupUpdate', remove: 'domainGroupDelete' },
    notFoundCode: 2103,
    nameMax: LIMITS.groupNameMax,
    queryRoot: 'domain_group',
    tab: 'groups',
  },
  tag: {
    calls: { list: 'tagList', create: 'tagCreate', update: 'tagUpdate', remove: 'tagDelete' },
    notFoundCode: 2001,
    nameMax: LIMITS.tagNameMax,
    queryRoot: 'tags',
    tab: 'tags',
  },
};

/** The tab a URL value names; anything else is the first tab. */
export function labelKindOfTab(tab: string | null): LabelKind {
  return LABEL_KINDS.find((kind) => LABEL_KIND_INFO[kind].tab === tab) ?? 'domainGroup';
}

export type NameCheck = { ok: true; name: string } | { ok: false; errors: FieldError[] };

/** Checks a name with the shared rule of its kind (trimmed, 1-50 characters), as the server will. */
export function checkLabelName(kind: LabelKind, name: string): NameCheck {
  const checked = validate(kind === 'domainGroup' ? DomainGroupCreateBody : TagCreateBody, { name });
  return checked.ok ? { ok: true, name: checked.data.name } : { ok: false, errors: checked.errors };
}
