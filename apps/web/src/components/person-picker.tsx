import { classLabel, type PaginationInfo, type PersonPick } from '@fieldhouse/shared';
import { Badge, Combobox, Group, Loader, Pill, PillsInput, Stack, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';

export type PersonPage = { result: PersonPick[]; paginationInfo: PaginationInfo };

type Props = {
  label: string;
  placeholder: string;
  /** The query key of a search (the picker adds the typed term). */
  queryKey: QueryKey;
  /** One page of matches from the server: the whole organization, not a preloaded list. */
  fetchPage: (search: string, page: number) => Promise<PersonPage>;
  value: PersonPick[];
  onChange: (people: PersonPick[]) => void;
  /** Pick one person instead of several. */
  single?: boolean;
  /** Why a person is not offered ("On the roster"), shown instead of picking them. */
  unavailable?: (person: PersonPick) => string | null;
  error?: string | undefined;
};

const fullName = (p: { firstName: string; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ');

/** What tells two Aaliyah Allens apart: class, e-mail, teams or children. */
export function personDetails(p: PersonPick) {
  return [
    classLabel(p.graduationYear),
    p.email,
    p.teams.length ? p.teams.join(', ') : null,
    p.children.length ? `Guardian of ${p.children.join(', ')}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * A typeahead over the server's person search: type part of a name or e-mail, pick one or
 * several; pages load as the list scrolls to its end. Keyboard: arrows, Enter, Backspace.
 */
export function PersonPicker({
  label,
  placeholder,
  queryKey,
  fetchPage,
  value,
  onChange,
  single,
  unavailable,
  error,
}: Props) {
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () => combobox.updateSelectedOptionIndex('active'),
  });
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 200);
  const results = useInfiniteQuery({
    queryKey: [...queryKey, term],
    queryFn: ({ pageParam }) => fetchPage(term, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => last.paginationInfo.nextPage ?? undefined,
    enabled: combobox.dropdownOpened,
    staleTime: 10_000,
  });
  const people = results.data?.pages.flatMap((p) => p.result) ?? [];
  const total = results.data?.pages[0]?.paginationInfo.totalCount ?? 0;
  const chosen = new Set(value.map((p) => p.id));

  const pick = (id: string) => {
    const person = people.find((p) => String(p.id) === id);
    if (!person || unavailable?.(person)) return;
    if (single) {
      onChange([person]);
      combobox.closeDropdown();
    } else {
      onChange(chosen.has(person.id) ? value.filter((p) => p.id !== person.id) : [...value, person]);
    }
    setSearch('');
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal>
      <Combobox.DropdownTarget>
        <PillsInput label={label} error={error} onClick={() => combobox.openDropdown()}>
          <Pill.Group>
            {value.map((p) => (
              <Pill
                key={p.id}
                withRemoveButton
                onRemove={() => onChange(value.filter((v) => v.id !== p.id))}
                removeButtonProps={{ 'aria-label': `Remove ${fullName(p)}` }}
              >
                {fullName(p)}
              </Pill>
            ))}
            <Combobox.EventsTarget>
              <PillsInput.Field
                value={search}
                placeholder={value.length && single ? undefined : placeholder}
                aria-label={label}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(e) => {
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                  setSearch(e.currentTarget.value);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Backspace' && search.length === 0 && value.length) {
                    e.preventDefault();
                    onChange(value.slice(0, -1));
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options
          mah={320}
          style={{ overflowY: 'auto' }}
          onScroll={(e) => {
            const el = e.currentTarget;
            if (
              el.scrollTop + el.clientHeight >= el.scrollHeight - 40 &&
              results.hasNextPage &&
              !results.isFetchingNextPage
            ) {
              void results.fetchNextPage();
            }
          }}
        >
          {results.isPending && (
            <Combobox.Empty>
              <Loader size="xs" />
            </Combobox.Empty>
          )}
          {results.isError && <Combobox.Empty>Search failed. Type again to retry.</Combobox.Empty>}
          {results.isSuccess && people.length === 0 && (
            <Combobox.Empty>{term ? `No one matches “${term}”` : 'No one here yet'}</Combobox.Empty>
          )}
          {people.map((p) => {
            const reason = unavailable?.(p) ?? null;
            return (
              <Combobox.Option value={String(p.id)} key={p.id} disabled={Boolean(reason)} active={chosen.has(p.id)}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={chosen.has(p.id) ? 700 : 500}>
                      {chosen.has(p.id) ? '✓ ' : ''}
                      {fullName(p)}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {personDetails(p)}
                    </Text>
                  </Stack>
                  {reason && (
                    <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                      {reason}
                    </Badge>
                  )}
                </Group>
              </Combobox.Option>
            );
          })}
          {results.hasNextPage && (
            <Combobox.Empty>
              {results.isFetchingNextPage ? (
                <Loader size="xs" />
              ) : (
                `Showing ${people.length} of ${total}: scroll for more`
              )}
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
