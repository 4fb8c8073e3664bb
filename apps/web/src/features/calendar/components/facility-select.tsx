/**
 * The event form's Facility (decision 010): a searchable choice of the school's facilities. Typing a
 * name it does not have offers "Add …", which creates the facility (name only; the Facilities
 * screen takes address, capacity and hours) and chooses it.
 */
import type { Facility } from '@fieldhouse/shared';
import { Select } from '@mantine/core';
import { IconBuildingStadium } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { createFacility, facilitiesQueryOptions, facilityKeys } from '../../facilities/api/facility-queries.ts';

const ADD = '__add__';

export function FacilitySelect({
  value,
  onChange,
  current,
  error,
}: {
  /** The chosen facility's id as a string; '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The edited event's facility, shown even when archived (no longer in the list). */
  current?: { id: number; name: string } | null | undefined;
  error?: React.ReactNode;
}) {
  const queryClient = useQueryClient();
  const facilities = useQuery(facilitiesQueryOptions());
  const [search, setSearch] = useState('');
  const add = useMutation({
    mutationFn: (name: string) => createFacility({ name }),
    onSuccess: async (saved: Facility) => {
      await queryClient.invalidateQueries({ queryKey: facilityKeys.all });
      queryClient.setQueryData(facilitiesQueryOptions().queryKey, (list) =>
        list?.some((f) => f.id === saved.id) ? list : [...(list ?? []), saved],
      );
      onChange(String(saved.id));
      toast.success(`${saved.name} added to your facilities`);
    },
    onError: (e) => toast.error(e.message),
  });

  const list = facilities.data ?? [];
  const options = list.map((f) => ({ value: String(f.id), label: f.name }));
  if (current && !list.some((f) => f.id === current.id)) {
    options.push({ value: String(current.id), label: `${current.name} (archived)` });
  }
  const typed = search.trim();
  const chosenLabel = options.find((o) => o.value === value)?.label;
  const exists = options.some((o) => o.label.toLowerCase() === typed.toLowerCase());
  if (typed && !exists && typed !== chosenLabel) options.push({ value: ADD, label: `+ Add “${typed}”` });
  const empty = facilities.isSuccess && list.length === 0;

  return (
    <Select
      label="Facility"
      placeholder={empty ? 'Type a name to add one' : 'Choose a facility'}
      description={
        empty ? 'No facilities yet: type a name to add one, or add them under Calendar › Facilities.' : undefined
      }
      leftSection={<IconBuildingStadium size={16} />}
      data={options}
      value={value || null}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={facilities.isPending ? 'Loading…' : 'No facility of that name'}
      disabled={add.isPending}
      error={error}
      onChange={(next) => {
        if (next === ADD) {
          add.mutate(typed);
          return;
        }
        onChange(next ?? '');
      }}
      data-testid="facility-select"
    />
  );
}
