/**
 * Sport, team, facility and type filters. On a phone they fold behind a "Filters" button (with the count
 * of those in use) so the calendar itself starts near the top of the screen.
 */
import { EVENT_TYPE_LABELS, EVENT_TYPES, type EventType } from '@fieldhouse/shared';
import { Badge, Button, Collapse, Group, Select, Stack } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { facilitiesQueryOptions } from '../../facilities/api/facility-queries.ts';
import classes from './calendar.module.css';
import type { CalendarSearch } from './calendar-utils.ts';
import type { TeamOption } from './event-form-modal.tsx';

type Props = {
  search: CalendarSearch;
  onSearch: (patch: Partial<CalendarSearch>) => void;
  teams: TeamOption[];
  sports: { id: number; name: string }[];
};

function FilterSelects({ search, onSearch, teams, sports, phone }: Props & { phone: boolean }) {
  const visibleTeams = search.sport ? teams.filter((t) => t.sportId === search.sport) : teams;
  const facilities = useQuery(facilitiesQueryOptions());
  const common = { clearable: true, classNames: { wrapper: classes.touch }, comboboxProps: { withinPortal: true } };
  return (
    <>
      <Select
        {...common}
        aria-label="Sport"
        placeholder="All sports"
        data={sports.map((s) => ({ value: String(s.id), label: s.name }))}
        value={search.sport ? String(search.sport) : null}
        onChange={(v) => onSearch({ sport: v ? Number(v) : undefined, team: undefined })}
        w={phone ? '100%' : 150}
      />
      <Select
        {...common}
        aria-label="Team"
        placeholder="All teams"
        data={visibleTeams.map((t) => ({ value: String(t.id), label: t.name }))}
        value={search.team ? String(search.team) : null}
        onChange={(v) => onSearch({ team: v ? Number(v) : undefined })}
        searchable
        w={phone ? '100%' : 210}
      />
      {(facilities.data?.length ?? 0) > 0 && (
        <Select
          {...common}
          aria-label="Facility"
          placeholder="All facilities"
          data={(facilities.data ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
          value={search.facility ? String(search.facility) : null}
          onChange={(v) => onSearch({ facility: v ? Number(v) : undefined })}
          searchable
          w={phone ? '100%' : 170}
        />
      )}
      <Select
        {...common}
        aria-label="Type"
        placeholder="All types"
        data={EVENT_TYPES.map((t) => ({ value: t, label: EVENT_TYPE_LABELS[t] }))}
        value={search.type ?? null}
        onChange={(v) => onSearch({ type: (v as EventType | null) ?? undefined })}
        w={phone ? '100%' : 130}
      />
    </>
  );
}

/** Desktop: the selects in a row. */
export function CalendarFilters(props: Props) {
  return <FilterSelects {...props} phone={false} />;
}

/** Phone: the toggle, to sit in the toolbar, and the panel it opens below it. */
export function usePhoneFilters(props: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = [props.search.sport, props.search.team, props.search.facility, props.search.type].filter(
    Boolean,
  ).length;
  const toggle = (
    <Button
      variant={active ? 'light' : 'default'}
      className={classes.touch}
      leftSection={<IconFilter size={16} />}
      rightSection={
        active ? (
          <Badge size="sm" circle aria-hidden="true">
            {active}
          </Badge>
        ) : null
      }
      aria-expanded={open}
      aria-controls={panelId}
      aria-label={active ? `Filters, ${active} active` : 'Filters'}
      onClick={() => setOpen((o) => !o)}
    >
      Filters
    </Button>
  );
  const panel = (
    // Shown at once, not slid open: a tap on a field or "Clear filters" while the panel slides
    // focuses it, the browser scrolls the half-open panel to show it, and the finger's release
    // lands on the field above (the tap is lost). Hidden with display: none rather than React's
    // <Activity>, so the fields' queries (facilities) load with the calendar and the panel's
    // layout is final when it opens.
    <Collapse expanded={open} id={panelId} transitionDuration={0} keepMountedMode="display-none">
      <Stack gap="xs" pb="sm">
        <FilterSelects {...props} phone />
        {active > 0 && (
          <Group justify="flex-end">
            <Button
              variant="subtle"
              className={classes.touch}
              onClick={() =>
                props.onSearch({ sport: undefined, team: undefined, facility: undefined, type: undefined })
              }
            >
              Clear filters
            </Button>
          </Group>
        )}
      </Stack>
    </Collapse>
  );
  return { toggle, panel };
}
