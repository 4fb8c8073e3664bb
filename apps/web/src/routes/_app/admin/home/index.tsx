import { type AdminTab, adminTabSchema, adminTabsFor } from '@fieldhouse/shared';
import { Tabs } from '@mantine/core';
import { IconActivity, IconBuilding, IconEye, IconHistory, IconShieldCheck, IconTrophy } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { ForbiddenView } from '../../../../components/forbidden-view.tsx';
import { PageHeader } from '../../../../components/page-header.tsx';
import classes from '../../../../features/admin/components/admin.module.css';
import { AuditLog } from '../../../../features/admin/components/audit-log.tsx';
import { SafeguardingSettingsPanel } from '../../../../features/admin/components/safeguarding-settings.tsx';
import { SportsAdmin } from '../../../../features/admin/components/sports-admin.tsx';
import { Supervision } from '../../../../features/admin/components/supervision.tsx';
import { SystemStatusPanel } from '../../../../features/admin/components/system-status.tsx';
import { useAuth } from '../../../../features/auth/hooks/use-auth.ts';
import { OrganizationsAdmin } from '../../../../features/organizations/components/organizations-admin.tsx';

const TAB_LABELS: Record<AdminTab, { label: string; icon: ReactNode }> = {
  organizations: { label: 'Organizations', icon: <IconBuilding size={16} /> },
  sports: { label: 'Sports', icon: <IconTrophy size={16} /> },
  audit: { label: 'Audit log', icon: <IconHistory size={16} /> },
  supervision: { label: 'Supervision', icon: <IconEye size={16} /> },
  safeguarding: { label: 'Safeguarding', icon: <IconShieldCheck size={16} /> },
  system: { label: 'System status', icon: <IconActivity size={16} /> },
};

/**
 * Admin home (decision 012): a SUPER_ADMIN sees every tab, an ATHLETIC_DIRECTOR their
 * organization's audit log, supervision, safeguarding (decision 018) and the sports list; the
 * server enforces the same.
 */
export const Route = createFileRoute('/_app/admin/home/')({
  validateSearch: z.object({ tab: adminTabSchema.optional().catch(undefined) }),
  component: function AdminHome() {
    const { state } = useAuth();
    const { tab } = Route.useSearch();
    const navigate = Route.useNavigate();
    const role = state.status === 'signedIn' ? state.user.role : null;
    const tabs = adminTabsFor(role);
    if (tabs.length === 0) {
      return (
        <ForbiddenView what="The admin area is for super administrators and athletic directors. Ask one if you need a change made here." />
      );
    }
    const active = tab && tabs.includes(tab) ? tab : (tabs[0] as AdminTab);
    const superAdmin = role === 'SUPER_ADMIN';
    return (
      <>
        <PageHeader
          title="Admin"
          description={
            superAdmin
              ? 'Organizations on this Fieldhouse, and the settings that span them.'
              : 'Your organization’s change history, message supervision, safeguarding and the sports list.'
          }
        />
        <Tabs
          value={active}
          onChange={(value) => {
            const next = adminTabSchema.safeParse(value);
            if (next.success) void navigate({ search: { tab: next.data }, replace: true });
          }}
          keepMounted={false}
          classNames={{ panel: classes.panel }}
        >
          <Tabs.List mb="md">
            {tabs.map((t) => (
              <Tabs.Tab key={t} value={t} leftSection={TAB_LABELS[t].icon}>
                {TAB_LABELS[t].label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="organizations">
            <OrganizationsAdmin
              defaultTimeZone={state.status === 'signedIn' ? (state.organization?.timezone ?? null) : null}
            />
          </Tabs.Panel>
          <Tabs.Panel value="sports">
            <SportsAdmin canEdit={superAdmin} />
          </Tabs.Panel>
          <Tabs.Panel value="audit">
            <AuditLog canSeeAllOrganizations={superAdmin} />
          </Tabs.Panel>
          <Tabs.Panel value="supervision">
            <Supervision />
          </Tabs.Panel>
          <Tabs.Panel value="safeguarding">
            <SafeguardingSettingsPanel />
          </Tabs.Panel>
          <Tabs.Panel value="system">
            <SystemStatusPanel />
          </Tabs.Panel>
        </Tabs>
      </>
    );
  },
});
