/** Add or edit one facility: name (unique in the school), address, capacity and opening hours. */
import { FACILITY_LIMITS, type Facility } from '@fieldhouse/shared';
import { NumberInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormModal } from '../../../components/form-modal.tsx';
import { createFacility, facilityKeys, updateFacility } from '../api/facility-queries.ts';

type Values = { name: string; address: string; capacity: number | string; hours: string };

export function FacilityFormModal({
  facility,
  onClose,
  onSaved,
}: {
  /** Editing this one; absent: a new facility. */
  facility?: Facility | undefined;
  onClose: () => void;
  onSaved?: (saved: Facility) => void;
}) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      name: facility?.name ?? '',
      address: facility?.address ?? '',
      capacity: facility?.capacity ?? '',
      hours: facility?.hours ?? '',
    },
    validate: { name: (v) => (v.trim() ? null : 'Name the facility') },
  });
  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = {
        name: v.name.trim(),
        address: v.address.trim() || null,
        capacity: v.capacity === '' ? null : Number(v.capacity),
        hours: v.hours.trim() || null,
      };
      return facility ? updateFacility(facility.id, body) : createFacility(body);
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: facilityKeys.all });
      // Events print the facility's name: a rename shows on the calendar too.
      await queryClient.invalidateQueries({ queryKey: ['calendar'] });
      toast.success(facility ? 'Facility saved' : `${saved.name} added`);
      onSaved?.(saved);
      onClose();
    },
    onError: (e) => setError(e.message),
  });
  return (
    <FormModal
      onClose={onClose}
      title={facility ? 'Edit facility' : 'Add a facility'}
      onSubmit={form.onSubmit((v) => save.mutate(v))}
      error={error}
      saving={save.isPending}
      submitLabel={facility ? 'Save' : 'Add facility'}
    >
      <TextInput
        label="Name"
        placeholder="Main Gym"
        required
        maxLength={FACILITY_LIMITS.nameLength}
        {...form.getInputProps('name')}
      />
      <TextInput
        label="Address"
        placeholder="1200 Lincoln Ave"
        maxLength={FACILITY_LIMITS.addressLength}
        {...form.getInputProps('address')}
      />
      <NumberInput
        label="Capacity"
        description="People it holds (optional)"
        min={0}
        max={FACILITY_LIMITS.maxCapacity}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('capacity')}
      />
      <TextInput
        label="Hours"
        placeholder="Mon–Fri 6 am – 10 pm"
        maxLength={FACILITY_LIMITS.hoursLength}
        {...form.getInputProps('hours')}
      />
    </FormModal>
  );
}
