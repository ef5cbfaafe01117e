import { canAccess, type AccessSubject } from '../../shared/index.js';
import { NAV_SECTIONS, ROUTES, SECTION_OF_SEGMENT, type AppRoute, type NavSection } from './routes.js';

const ROUTES_BY_ID = new Map(ROUTES.map((route) => [route.id, route]));

export function routeById(id: string): AppRoute | undefined {
  return ROUTES_BY_ID.get(id);
}

/** Whether the subject may see a route (§6): area privilege and declared roles. */
export function canSeeRoute(subject: AccessSubject, route: AppRoute): boolean {
  if (route.access !== 'session') return true;
  return canAccess(subject, { area: route.area, roles: route.roles });
}

/** The menu the subject sees: entries it may access, sections left empty are hidden. */
export function visibleSections(subject: AccessSubject, sections: readonly NavSection[] = NAV_SECTIONS): NavSection[] {
  return sections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => {
        const route = routeById(item.routeId);
        return route !== undefined && canSeeRoute(subject, route);
      }),
    }))
    .filter((section) => section.items.length > 0);
}

export function sectionOfPath(pathname: string): string | undefined {
  const segment = pathname.split('/')[1] ?? '';
  return SECTION_OF_SEGMENT[segment];
}

/** Whether path parameters hold allowed values (e.g. monitor type 1-7). */
export function paramsAreValid(route: AppRoute, params: Readonly<Record<string, string | undefined>>): boolean {
  return Object.entries(route.params ?? {}).every(([name, pattern]) => pattern.test(params[name] ?? ''));
}
