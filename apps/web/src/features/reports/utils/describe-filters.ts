import {
  currentSchoolYear,
  EVENT_STATUS_LABELS,
  EVENT_TYPE_LABELS,
  type EventType,
  REPORT_GROUP_LABELS,
  ROLE_LABELS,
  SEASON_LABELS,
  USER_STATUS_LABELS,
} from '@fieldhouse/shared';
import type { ReportSearch } from './report-search.ts';

type Option = { id: number; name: string };

/** The report's filters in words, for the screen and the printed page. */
export function describeFilters(search: ReportSearch, teams: Option[], sports: Option[]) {
  const parts: string[] = [];
  const name = (list: Option[], id: number) => list.find((o) => o.id === id)?.name ?? `#${id}`;
  if (search.report === 'messaging' || search.report === 'events' || search.report === 'availability') {
    const fallback = { messaging: 'Last 30 days', events: 'Last 12 months', availability: 'Next 14 days' }[
      search.report
    ];
    parts.push(search.from || search.to ? `${search.from ?? '…'} to ${search.to ?? '…'}` : fallback);
  }
  if (search.report === 'participation') parts.push(`School year: ${search.schoolYear ?? currentSchoolYear()}`);
  if (search.teamId) parts.push(`Team: ${name(teams, search.teamId)}`);
  if (search.sportId) parts.push(`Sport: ${name(sports, search.sportId)}`);
  if (search.season) parts.push(`Season: ${SEASON_LABELS[search.season]}`);
  if (search.role) parts.push(`Role: ${ROLE_LABELS[search.role]}`);
  if (search.status) parts.push(`Status: ${USER_STATUS_LABELS[search.status]}`);
  if (search.group) parts.push(`Group: ${REPORT_GROUP_LABELS[search.group]}`);
  if (search.type) parts.push(`Type: ${EVENT_TYPE_LABELS[search.type as EventType]}`);
  if (search.eventStatus) parts.push(`Status: ${EVENT_STATUS_LABELS[search.eventStatus]}`);
  return parts.length ? parts.join(' · ') : 'All records';
}
