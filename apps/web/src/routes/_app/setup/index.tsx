import type { Organization } from '@fieldhouse/shared';
import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { useAuth } from '../../../features/auth/hooks/use-auth.ts';
import { setupStatusQueryOptions } from '../../../features/setup/api/setup-queries.ts';
import { SetupWizard } from '../../../features/setup/components/setup-wizard.tsx';
import { firstOpenStep, SETUP_STEPS } from '../../../features/setup/utils/setup-steps.ts';
import { ImportWizard } from '../../../features/users/components/import-wizard.tsx';
import { setActiveOrganization } from '../../../lib/active-organization.ts';

const searchSchema = z.object({
  step: z.coerce
    .number()
    .int()
    .min(0)
    .max(SETUP_STEPS - 1)
    .optional()
    .catch(undefined),
  /** Setting up another school rather than finishing this one. */
  new: z.boolean().optional().catch(undefined),
});

export const Route = createFileRoute('/_app/setup/')({
  validateSearch: searchSchema,
  component: SetupPage,
});

/** The guided set-up (issue 16): where a super admin without a school lands, and Home's "finish setting up". */
function SetupPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const auth = useAuth();
  const status = useQuery(setupStatusQueryOptions());
  const [importing, setImporting] = useState(false);
  if (auth.state.status !== 'signedIn') return null;
  const { user } = auth.state;
  const creating = search.new === true;
  const step = search.step ?? firstOpenStep(status.data, creating);

  const onSchoolCreated = async (school: Organization) => {
    // A super admin without a school joined this one; one who had a school switches to it.
    if (user.organizationId) setActiveOrganization(school.id);
    else setActiveOrganization(null);
    await auth.completeSignIn();
    await queryClient.invalidateQueries();
    toast.success(`${school.name} is set up`);
    await navigate({ search: { step: 1 }, replace: true });
  };

  return (
    <>
      <SetupWizard
        step={step}
        onStep={(next) => void navigate({ search: { step: next } })}
        status={status.data}
        creating={creating}
        isSuperAdmin={user.role === 'SUPER_ADMIN'}
        onSchoolCreated={onSchoolCreated}
        rosterImport={
          <Button leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
            Import roster
          </Button>
        }
        onFinish={() => void navigate({ to: '/home' })}
      />
      <ImportWizard
        opened={importing}
        onClose={() => {
          setImporting(false);
          void queryClient.invalidateQueries({ queryKey: ['setup'] });
        }}
      />
    </>
  );
}
