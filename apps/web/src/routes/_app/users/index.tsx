import { userListQuerySchema } from '@fieldhouse/shared';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon.tsx';

export const Route = createFileRoute('/_app/users/')({
  validateSearch: userListQuerySchema,
  component: () => <ComingSoon title="Users" description="Everyone in your organization, searchable and sortable." />,
});
