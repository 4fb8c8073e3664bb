import { ROSTER_COLUMNS, ROSTER_FIELDS, type RosterRowValues } from '@fieldhouse/shared';
import { CsvImportWizard, type MappedRow } from '../../../components/csv-import-wizard.tsx';
import { importRosterRows } from '../api/roster-import.ts';
import { usersKeys } from '../api/users-queries.ts';

const TEMPLATE = `${ROSTER_COLUMNS.join(',')}\nAva,Martinez,ava.martinez@students.example,5/14/2010,2028,(217) 555-0101,Girls Varsity Basketball,12,Maria,Martinez,maria.martinez@example.org,(217) 555-0102,Mother\n`;
const count = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** Roster import: choose a spreadsheet, match its columns, fix or skip bad rows, import the rest. */
export function ImportWizard({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <CsvImportWizard
      opened={opened}
      onClose={onClose}
      importRows={(rows: MappedRow[], dryRun) =>
        importRosterRows(rows as { row: number; values: RosterRowValues }[], dryRun)
      }
      fields={ROSTER_FIELDS}
      queryKey={usersKeys.all}
      title="Import a roster"
      dropTitle="Drop a roster CSV here, or click to choose one"
      dropHint="One athlete per row, with their team, class and guardians. Nothing is saved until you confirm."
      template={{ csv: TEMPLATE, fileName: 'roster-template.csv' }}
      nameFields={['firstName', 'lastName']}
      chunkSize={50}
      readyText="Athletes, guardians and team places will be created, and everyone is invited by e-mail."
      doneText={(results) => {
        const sum = (key: 'athletes' | 'guardians' | 'memberships') =>
          results.reduce((total, r) => total + r.created[key], 0);
        return `Imported ${count(sum('athletes'), 'athlete')} and ${count(sum('guardians'), 'new guardian')} · ${count(sum('memberships'), 'team place')} filled. Invites are on their way.`;
      }}
    />
  );
}
