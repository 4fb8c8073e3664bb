import {
  currentSchoolYear,
  EVENT_STATUS_LABELS,
  EVENT_STATUSES,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  type EventType,
  REPORT_GROUP_LABELS,
  type ReportName,
  ROLE_LABELS,
  ROLES,
  recentSchoolYears,
  SEASON_LABELS,
  TAB_VALUES,
  USER_STATUS_LABELS,
  USER_STATUSES,
} from '@fieldhouse/shared';
import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ReportSearch } from '../utils/report-search.ts';
import classes from './reports.module.css';

type Option = { id: number; name: string };
type FilterKey = Exclude<keyof ReportSearch, 'report' | 'page'>;

const FILTERS: Record<ReportName, FilterKey[]> = {
  roster: ['teamId', 'sportId', 'season'],
  users: ['role', 'status', 'teamId'],
  participation: ['schoolYear', 'sportId', 'season', 'teamId'],
  messaging: ['from', 'to', 'group'],
  unanswered: ['group'],
  events: ['from', 'to', 'teamId', 'type', 'eventStatus'],
  availability: ['from', 'to', 'teamId'],
};

const options = (labels: Record<string, string>, values: readonly string[]) =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

type Props = {
  search: ReportSearch;
  teams: Option[];
  sports: Option[];
  onChange: (patch: Partial<ReportSearch>) => void;
};

/** The chosen report's filters; each one is a search param, so a report is a shareable link. */
export function ReportFilters({ search, teams, sports, onChange }: Props) {
  const keys = FILTERS[search.report];
  const active = keys.filter((key) => search[key] !== undefined);
  const select = (key: FilterKey, label: string, data: { value: string; label: string }[], placeholder: string) => (
    <Select
      key={key}
      label={label}
      placeholder={placeholder}
      data={data}
      value={search[key] === undefined ? null : String(search[key])}
      onChange={(value) =>
        onChange({
          [key]: value === null ? undefined : key.endsWith('Id') ? Number(value) : value,
        } as Partial<ReportSearch>)
      }
      clearable
      searchable={data.length > 8}
      w={210}
      comboboxProps={{ withinPortal: true }}
    />
  );
  const date = (key: 'from' | 'to', label: string) => (
    <TextInput
      key={key}
      type="date"
      label={label}
      value={search[key] ?? ''}
      onChange={(e) => onChange({ [key]: e.currentTarget.value || undefined })}
      w={170}
    />
  );
  const fields: Record<FilterKey, () => ReactNode> = {
    teamId: () =>
      select(
        'teamId',
        'Team',
        teams.map((t) => ({ value: String(t.id), label: t.name })),
        'All teams',
      ),
    sportId: () =>
      select(
        'sportId',
        'Sport',
        sports.map((s) => ({ value: String(s.id), label: s.name })),
        'All sports',
      ),
    season: () => select('season', 'Season', options(SEASON_LABELS, Object.keys(SEASON_LABELS)), 'All seasons'),
    // Cleared, the server shows the current school year (its zone decides the July change-over).
    schoolYear: () =>
      select(
        'schoolYear',
        'School year',
        recentSchoolYears(8).map((value) => ({ value, label: value })),
        `This year (${currentSchoolYear()})`,
      ),
    role: () => select('role', 'Role', options(ROLE_LABELS, ROLES), 'All roles'),
    status: () => select('status', 'Status', options(USER_STATUS_LABELS, USER_STATUSES), 'All statuses'),
    group: () => select('group', 'Group', options(REPORT_GROUP_LABELS, TAB_VALUES), 'All groups'),
    from: () => date('from', 'From'),
    to: () => date('to', 'To'),
    type: () =>
      select(
        'type',
        'Event type',
        EVENT_TYPES.map((value) => ({ value, label: EVENT_TYPE_LABELS[value as EventType] })),
        'All types',
      ),
    eventStatus: () =>
      select('eventStatus', 'Event status', options(EVENT_STATUS_LABELS, EVENT_STATUSES), 'All statuses'),
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      mb="lg"
      className={classes.noPrint}
      aria-label="Report filters"
      component="section"
    >
      <Group align="flex-end" gap="md" wrap="wrap">
        {keys.map((key) => fields[key]())}
        {active.length > 0 && (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconFilterOff size={16} />}
            onClick={() => onChange(Object.fromEntries(active.map((key) => [key, undefined])))}
          >
            Clear filters
          </Button>
        )}
      </Group>
    </Paper>
  );
}
