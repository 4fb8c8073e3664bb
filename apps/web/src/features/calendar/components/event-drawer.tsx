/** The details of one occurrence, with edit, postpone, cancel and delete (scope for a series). */
import {
  type CalendarOccurrence,
  type EditScope,
  EVENT_TYPE_LABELS,
  type EventStatus,
  repeatPhrase,
} from '@fieldhouse/shared';
import { Badge, Button, Divider, Drawer, Group, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconBuildingStadium,
  IconBus,
  IconCalendarEvent,
  IconCalendarOff,
  IconCalendarPause,
  IconCalendarRepeat,
  IconClock,
  IconEdit,
  IconMapPin,
  IconNotes,
  IconRestore,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { eventTitle, TYPE_COLORS } from '../../../lib/event-display.ts';
import { changeEventStatus, deleteEvent } from '../api/calendar-mutations.ts';
import { calendarKeys } from '../api/calendar-queries.ts';
import { PHONE_QUERY, shortDate, whenText } from './calendar-utils.ts';
import { EventAvailability } from './event-availability.tsx';
import { ScopeChoice } from './scope-choice.tsx';

const DAY_LABELS = { MO: 'Mon', TU: 'Tue', WE: 'Wed', TH: 'Thu', FR: 'Fri', SA: 'Sat', SU: 'Sun' } as const;

function Detail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color="gray" size="md" radius="md">
        {icon}
      </ThemeIcon>
      <Text size="sm" style={{ flex: 1, whiteSpace: 'pre-wrap' }} pt={4}>
        {children}
      </Text>
    </Group>
  );
}

type Action = { kind: 'status'; status: EventStatus } | { kind: 'delete' };

export function EventDrawer({
  occurrence,
  onClose,
  onEdit,
}: {
  occurrence: CalendarOccurrence | null;
  onClose: () => void;
  onEdit: (occurrence: CalendarOccurrence, scope: EditScope) => void;
}) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Action | null>(null);
  const [scope, setScope] = useState<EditScope>('occurrence');
  // The drawer's 440 px would be wider than a phone.
  const phone = useMediaQuery(PHONE_QUERY);
  const o = occurrence;
  const isSeries = Boolean(o?.seriesId);

  const act = useMutation({
    mutationFn: async (action: Action) => {
      if (!o) return;
      const occurrenceStart = o.isException ? undefined : (o.occurrenceStart ?? undefined);
      const effectiveScope = isSeries ? scope : 'series';
      if (action.kind === 'delete') return deleteEvent(o.eventId, effectiveScope, occurrenceStart);
      return changeEventStatus(o.eventId, { status: action.status, scope: effectiveScope, occurrenceStart });
    },
    onSuccess: async (_result, action) => {
      await queryClient.invalidateQueries({ queryKey: calendarKeys.all });
      toast.success(
        action.kind === 'delete'
          ? 'Event deleted'
          : action.status === 'SCHEDULED'
            ? 'Event back on the schedule'
            : `Event ${action.status.toLowerCase()}; the team has been told`,
      );
      setPending(null);
      onClose();
    },
    onError: (e) => toast.error(e.message),
  });

  const verb =
    pending?.kind === 'delete'
      ? 'Delete'
      : pending?.status === 'CANCELLED'
        ? 'Cancel'
        : pending?.status === 'POSTPONED'
          ? 'Postpone'
          : 'Reinstate';

  return (
    <>
      <Drawer opened={o !== null} onClose={onClose} position="right" size={phone ? '100%' : 'md'} title="Event details">
        {o && (
          <Stack gap="md">
            <Stack gap={6}>
              <Group gap="xs">
                <Badge color={TYPE_COLORS[o.type]} variant="light">
                  {EVENT_TYPE_LABELS[o.type]}
                </Badge>
                <StatusBadge status={o.status} />
                {o.type === 'GAME' && o.homeAway && (
                  <Badge variant="outline" color="gray">
                    {o.homeAway === 'HOME' ? 'Home' : o.homeAway === 'AWAY' ? 'Away' : 'Neutral'}
                  </Badge>
                )}
              </Group>
              <Title order={3} td={o.status === 'CANCELLED' ? 'line-through' : undefined}>
                {eventTitle(o)}
              </Title>
            </Stack>
            <Stack gap="sm">
              <Detail icon={<IconClock size={16} />}>{whenText(o)}</Detail>
              <Detail icon={<IconUsers size={16} />}>
                {o.team ? `${o.team.name} · ${o.team.sportName}` : 'Whole organization'}
              </Detail>
              {o.seriesId && (
                <Detail icon={<IconCalendarRepeat size={16} />}>
                  {o.isException
                    ? 'Changed date of a series'
                    : `Part of a ${o.repeat?.freq === 'MONTHLY' ? 'monthly' : 'weekly'} series`}
                  {o.repeat ? `: ${repeatPhrase(o.repeat, DAY_LABELS)} until ${shortDate(o.repeat.until)}` : ''}
                </Detail>
              )}
              {o.location && <Detail icon={<IconMapPin size={16} />}>{o.location}</Detail>}
              {o.facility && <Detail icon={<IconBuildingStadium size={16} />}>{o.facility}</Detail>}
              {o.transportation && <Detail icon={<IconBus size={16} />}>{o.transportation}</Detail>}
              {o.notes && <Detail icon={<IconNotes size={16} />}>{o.notes}</Detail>}
            </Stack>
            {o.team && (
              <>
                <Divider />
                <EventAvailability occurrence={o} />
              </>
            )}
            <Divider />
            {isSeries && <ScopeChoice label="Actions apply to" value={scope} onChange={setScope} />}
            <Group gap="xs">
              <Button leftSection={<IconEdit size={16} />} onClick={() => onEdit(o, isSeries ? scope : 'series')}>
                Edit
              </Button>
              {o.status !== 'POSTPONED' && o.status !== 'CANCELLED' && (
                <Button
                  variant="light"
                  color="yellow"
                  leftSection={<IconCalendarPause size={16} />}
                  onClick={() => setPending({ kind: 'status', status: 'POSTPONED' })}
                >
                  Postpone
                </Button>
              )}
              {o.status !== 'CANCELLED' ? (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconCalendarOff size={16} />}
                  onClick={() => setPending({ kind: 'status', status: 'CANCELLED' })}
                >
                  Cancel event
                </Button>
              ) : null}
              {o.status !== 'SCHEDULED' && (
                <Button
                  variant="light"
                  color="green"
                  leftSection={<IconRestore size={16} />}
                  onClick={() => setPending({ kind: 'status', status: 'SCHEDULED' })}
                >
                  Reinstate
                </Button>
              )}
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setPending({ kind: 'delete' })}
              >
                Delete
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              <IconCalendarEvent size={12} style={{ verticalAlign: 'middle' }} /> Moves, postponements and cancellations
              are posted in the team’s chat and notify its coaches, athletes and guardians.
            </Text>
          </Stack>
        )}
      </Drawer>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={`${verb} event?`} centered size="sm">
        <Stack>
          <Text size="sm">
            {verb} <b>{o ? eventTitle(o) : ''}</b>
            {isSeries
              ? scope === 'occurrence'
                ? ' on this date only'
                : scope === 'following'
                  ? ' on this date and every later date of the series'
                  : ' on every date of the series'
              : ''}
            ?{o?.team && pending?.kind !== 'delete' ? ' The team will get a message and a notification.' : ''}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              Keep it
            </Button>
            <Button
              color={pending?.kind === 'delete' || verb === 'Cancel' ? 'red' : verb === 'Postpone' ? 'yellow' : 'green'}
              loading={act.isPending}
              onClick={() => pending && act.mutate(pending)}
            >
              {verb}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
