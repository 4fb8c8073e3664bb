import { createFileRoute } from '@tanstack/react-router';
import { PublicPage } from '../components/public-page.tsx';

export const Route = createFileRoute('/terms-of-service')({
  component: () => (
    <PublicPage title="Terms of Service" updated="November 1, 2026">
      <p>
        These terms govern how a school or district ("the School") and its staff use Fieldhouse, the athletic department
        service for managing teams, schedules and communication with coaches, athletes and families.
      </p>
      <h2>Who may use Fieldhouse</h2>
      <p>
        The School decides who has an account. Athletic directors and their administrators use the web app; coaches,
        athletes and guardians use Fieldhouse's messaging from their own devices. Accounts are personal: do not share
        your password, and tell your athletic director at once if you think someone else has used your account.
      </p>
      <h2>Acceptable use</h2>
      <ul>
        <li>Use Fieldhouse for school athletics: rosters, schedules, eligibility paperwork and team communication.</li>
        <li>
          Communicate with students as your School's policies require, including any rules on adult–student messaging.
        </li>
        <li>Do not upload content that is unlawful, harassing, or that you have no right to share.</li>
        <li>Do not try to reach data of another school, probe the service's security, or disrupt it.</li>
      </ul>
      <h2>The School's data</h2>
      <p>
        Rosters, messages, files and schedules belong to the School. Fieldhouse processes them only to provide the
        service, as described in the Privacy Policy. The School can export its data at any time and may ask for it to be
        deleted when it stops using Fieldhouse.
      </p>
      <h2>Availability and changes</h2>
      <p>
        We work to keep Fieldhouse available around game days and deadlines, and we announce planned maintenance in the
        app. We may improve or change features; we will not remove a feature the School relies on without notice.
      </p>
      <h2>Suspension</h2>
      <p>
        The School's administrators may suspend or remove any account in their organization. We may suspend access that
        threatens the security of the service or other schools, and we will tell the School why.
      </p>
      <h2>Contact</h2>
      <p>Questions about these terms go to your athletic director, who can reach Fieldhouse support.</p>
    </PublicPage>
  ),
});
