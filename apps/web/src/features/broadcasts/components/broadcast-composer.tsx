import {
  type AskedAs,
  type BroadcastSummary,
  type BroadcastTarget,
  type BroadcastTracking,
  broadcastEditSchema,
  broadcastSendSchema,
  CHAT,
  SEASON_LABELS,
  toWallString,
  wallStringToInstant,
} from '@fieldhouse/shared';
import {
  Alert,
  Anchor,
  Chip,
  Group,
  MultiSelect,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormModal } from '../../../components/form-modal.tsx';
import { teamsQueryOptions } from '../../teams/api/teams-queries.ts';
import { broadcastsKeys, editBroadcast, sendBroadcast } from '../api/broadcasts-queries.ts';
import { RecipientPreview } from './recipient-preview.tsx';
import { isBuiltInTemplate, TemplatePicker } from './template-picker.tsx';

type Reach = 'everyone' | 'seasons' | 'teams';
type Values = {
  reach: Reach;
  seasons: string[];
  teamIds: string[];
  audiences: AskedAs[];
  template: string | null;
  content: string;
  requireAck: boolean;
  when: 'now' | 'later';
  date: string;
  time: string;
};

const AUDIENCE_LABELS: Record<AskedAs, string> = { ATHLETE: 'Athletes', GUARDIAN: 'Guardians', COACH: 'Coaches' };

/** The choice as the API reads it. */
const targetOf = (v: Values): BroadcastTarget => ({
  everyone: v.reach === 'everyone',
  seasons: v.reach === 'seasons' ? (v.seasons as BroadcastTarget['seasons'] & string[]) : [],
  teamIds: v.reach === 'teams' ? v.teamIds.map(Number) : [],
  audiences: v.audiences,
});

const BLANK: Values = {
  reach: 'seasons',
  seasons: [],
  teamIds: [],
  audiences: ['ATHLETE', 'GUARDIAN'],
  template: null,
  content: '',
  requireAck: true,
  when: 'now',
  date: '',
  time: '',
};

/** A scheduled broadcast as the composer shows it: its choice, words and time in the school's zone. */
function valuesOf(b: BroadcastSummary, timeZone: string): Values {
  const wall = b.sendAt ? toWallString(new Date(b.sendAt), timeZone) : '';
  return {
    reach: b.targets.everyone ? 'everyone' : b.targets.teamIds.length ? 'teams' : 'seasons',
    seasons: b.targets.seasons,
    teamIds: b.targets.teamIds.map(String),
    audiences: b.audiences,
    template: b.template,
    content: b.content,
    requireAck: b.requireAck,
    when: 'later',
    date: wall.slice(0, 10),
    time: wall.slice(11, 16),
  };
}

/**
 * "New broadcast" (decision 029): who (every team, some seasons or chosen teams × athletes,
 * guardians, coaches) with a live count of whom it reaches, the words (or a template), "Got it",
 * and now or at a time in the school's zone. Given `editing` (a scheduled one), "Edit broadcast":
 * filled in, and saved with PATCH — still at a time, since it was scheduled.
 */
export function BroadcastComposer({
  timeZone,
  editing,
  onClose,
  onSent,
}: {
  timeZone: string;
  editing?: BroadcastSummary | undefined;
  onClose: () => void;
  onSent: (broadcast: BroadcastTracking) => void;
}) {
  const queryClient = useQueryClient();
  const teams = useQuery(teamsQueryOptions());
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: editing ? valuesOf(editing, timeZone) : BLANK,
    validate: (v) => {
      const errors: Record<string, string> = {};
      if (v.reach === 'seasons' && v.seasons.length === 0) errors.seasons = 'Choose at least one season';
      if (v.reach === 'teams' && v.teamIds.length === 0) errors.teamIds = 'Choose at least one team';
      if (v.audiences.length === 0) errors.audiences = 'Choose who receives it';
      if (!v.content.trim()) errors.content = 'Write the message';
      if (v.when === 'later') {
        const at = sendAtOf(v, timeZone);
        if (!at) errors.date = 'Choose a date and time';
        else if (new Date(at).getTime() <= Date.now()) errors.date = 'Choose a time in the future';
      }
      return errors;
    },
  });
  const v = form.getValues();
  const target = targetOf(v);
  const [debounced] = useDebouncedValue(target, 300);
  // The count follows the debounced choice, so a half-made choice is never sent to be counted.
  const chosen =
    debounced.audiences.length > 0 &&
    (debounced.everyone || (debounced.seasons ?? []).length + (debounced.teamIds ?? []).length > 0);

  const mutation = useMutation({
    mutationFn: (values: Values) => {
      const body = {
        ...targetOf(values),
        content: values.content,
        requireAck: values.requireAck,
        // A school's own template is not a stored id: only the built-in ones are kept.
        template: isBuiltInTemplate(values.template) ? values.template : undefined,
        sendAt: values.when === 'later' ? sendAtOf(values, timeZone) : null,
      };
      return editing
        ? editBroadcast(editing.id, broadcastEditSchema.parse(body))
        : sendBroadcast(broadcastSendSchema.parse(body));
    },
    onSuccess: (sent) => {
      void queryClient.invalidateQueries({ queryKey: broadcastsKeys.lists() });
      toast.success(
        editing
          ? 'Scheduled broadcast updated'
          : sent.status === 'SCHEDULED'
            ? 'Broadcast scheduled'
            : `Broadcast sent to ${sent.recipients} people`,
      );
      onSent(sent);
    },
    onError: (e) => setError(e.message),
  });

  const activeTeams = (teams.data ?? []).filter((t) => t.status === 'ACTIVE');
  return (
    <FormModal
      title={editing ? 'Edit broadcast' : 'New broadcast'}
      size="lg"
      onClose={onClose}
      onSubmit={form.onSubmit((values) => mutation.mutate(values))}
      error={error}
      saving={mutation.isPending}
      submitLabel={editing ? 'Save changes' : v.when === 'later' ? 'Schedule broadcast' : 'Send broadcast'}
    >
      <Stack gap="md">
        {teams.isSuccess && activeTeams.length === 0 && (
          // A new school: broadcasts reach teams' people, so there is no one to reach yet.
          <Alert color="yellow" variant="light" title="Your school has no teams yet">
            A broadcast goes to the athletes, guardians and coaches of your teams.{' '}
            <Anchor renderRoot={(props) => <Link to="/teams" {...props} />}>Add your first team</Anchor>, then come back
            here.
          </Alert>
        )}
        <Stack gap={6}>
          <Text fw={500} size="sm" id="broadcast-teams-label">
            Teams
          </Text>
          <SegmentedControl
            aria-labelledby="broadcast-teams-label"
            data={[
              { value: 'seasons', label: 'By season' },
              { value: 'teams', label: 'Choose teams' },
              { value: 'everyone', label: 'Every team' },
            ]}
            {...form.getInputProps('reach')}
          />
          {v.reach === 'seasons' && (
            <MultiSelect
              label="Seasons"
              placeholder="Winter, Spring…"
              data={Object.entries(SEASON_LABELS).map(([value, label]) => ({ value, label }))}
              {...form.getInputProps('seasons')}
            />
          )}
          {v.reach === 'teams' && (
            <MultiSelect
              label="Teams"
              placeholder={teams.isPending ? 'Loading teams…' : 'Choose teams'}
              searchable
              data={activeTeams.map((t) => ({ value: String(t.id), label: t.name }))}
              nothingFoundMessage="No active team by that name"
              {...form.getInputProps('teamIds')}
            />
          )}
        </Stack>
        <Stack gap={6}>
          <Text fw={500} size="sm" id="broadcast-audience-label">
            Who receives it
          </Text>
          <Chip.Group multiple {...form.getInputProps('audiences')}>
            <Group gap="xs" role="group" aria-labelledby="broadcast-audience-label">
              {(Object.keys(AUDIENCE_LABELS) as AskedAs[]).map((a) => (
                <Chip key={a} value={a}>
                  {AUDIENCE_LABELS[a]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {form.errors.audiences && (
            <Text c="red" size="sm">
              {form.errors.audiences}
            </Text>
          )}
        </Stack>
        <RecipientPreview target={debounced} enabled={chosen} />
        <TemplatePicker
          value={v.template}
          content={v.content}
          requireAck={v.requireAck}
          onPick={(value, filled) => {
            form.setFieldValue('template', value);
            if (filled) form.setFieldValue('content', filled.content);
            if (filled?.requireAck !== undefined) form.setFieldValue('requireAck', filled.requireAck);
          }}
        />
        <Textarea
          label="Message"
          description="Posted as a highlighted card in each team’s chat (coaches only: in the coaches’ room). Replace any {placeholders}."
          autosize
          minRows={4}
          maxRows={12}
          maxLength={CHAT.maxMessageLength}
          required
          {...form.getInputProps('content')}
        />
        <Switch
          label="Ask for acknowledgement"
          description="Each person gets a “Got it” button; you see who has acknowledged and who is missing."
          {...form.getInputProps('requireAck', { type: 'checkbox' })}
        />
        <Stack gap={6}>
          <Text fw={500} size="sm" id="broadcast-when-label">
            When
          </Text>
          {/* An edit keeps it scheduled: to send it now, send a new one and cancel this. */}
          {!editing && (
            <SegmentedControl
              aria-labelledby="broadcast-when-label"
              data={[
                { value: 'now', label: 'Send now' },
                { value: 'later', label: 'Schedule' },
              ]}
              {...form.getInputProps('when')}
            />
          )}
          {v.when === 'later' && (
            <Group grow align="flex-start">
              <TextInput type="date" label="Date" {...form.getInputProps('date')} />
              <TextInput
                type="time"
                label="Time"
                description={`School time (${timeZone.replace('_', ' ')})`}
                {...form.getInputProps('time')}
              />
            </Group>
          )}
        </Stack>
      </Stack>
    </FormModal>
  );
}

/** The chosen date and time in the school's zone as an instant, or null until both are set. */
function sendAtOf(v: Pick<Values, 'date' | 'time'>, timeZone: string): string | null {
  if (!v.date || !v.time) return null;
  try {
    return wallStringToInstant(`${v.date}T${v.time}`, timeZone).toISOString();
  } catch {
    return null;
  }
}
