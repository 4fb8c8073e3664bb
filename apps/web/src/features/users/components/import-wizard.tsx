import { parseCsv, ROSTER_COLUMNS, type RosterImportResult } from '@fieldhouse/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Stepper,
  Table,
  Text,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { importRoster } from '../api/roster-import.ts';
import { usersKeys } from '../api/users-queries.ts';

const TEMPLATE = `${ROSTER_COLUMNS.join(',')}\nAva,Martinez,ava.martinez@students.example,2010-05-14,(217) 555-0101,Girls Varsity Basketball,12,Maria,Martinez,maria.martinez@example.org,(217) 555-0102,Mother\n`;

/** Roster import: pick a CSV, see every row checked, then import all of it at once. */
export function ImportWizard({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<{ name: string; text: string; rows: string[][] } | null>(null);
  const [check, setCheck] = useState<{ message: string; result: RosterImportResult } | null>(null);
  const preview = useMutation({
    mutationFn: (text: string) => importRoster(text, true),
    onSuccess: (value) => {
      setCheck(value);
      setStep(1);
    },
    onError: (e) => toast.error(e.message),
  });
  const commit = useMutation({
    mutationFn: (text: string) => importRoster(text, false),
    onSuccess: async (value) => {
      setCheck(value);
      if (value.result.validRows === value.result.totalRows) {
        await queryClient.invalidateQueries({ queryKey: usersKeys.all });
        setStep(2);
      }
    },
    onError: (e) => toast.error(e.message),
  });

  const close = () => {
    setStep(0);
    setFile(null);
    setCheck(null);
    onClose();
  };
  const header = file?.rows[0] ?? [];
  // The preview shows the columns that identify a row; the check comes first so it is always seen.
  const shownColumns = ['firstName', 'lastName', 'email', 'team', 'guardianEmail']
    .map((name) => ({ name, index: header.indexOf(name) }))
    .filter((c) => c.index >= 0);
  // Rows are numbered as in the spreadsheet (the header is row 1).
  const numbered = (file?.rows.slice(1) ?? []).map((cells, i) => ({ number: i + 2, cells }));
  const errorsByRow = new Map(check?.result.rows.map((r) => [r.row, r.errors]) ?? []);
  const invalid = check ? check.result.totalRows - check.result.validRows : 0;

  return (
    <Modal opened={opened} onClose={close} title="Import a roster" size="xl" centered>
      <Stepper active={step} size="sm" mb="lg">
        <Stepper.Step label="Choose file" />
        <Stepper.Step label="Check rows" />
        <Stepper.Step label="Done" />
      </Stepper>
      {step === 0 && (
        <Stack>
          <Dropzone
            onDrop={async ([picked]) => {
              if (!picked) return;
              const text = await picked.text();
              setFile({ name: picked.name, text, rows: parseCsv(text) });
              preview.mutate(text);
            }}
            onReject={() => toast.error('Choose one CSV file of at most 5 MB')}
            accept={['text/csv', 'application/vnd.ms-excel', '.csv']}
            maxSize={5 * 1024 * 1024}
            maxFiles={1}
            loading={preview.isPending}
          >
            <Group justify="center" gap="lg" mih={140} style={{ pointerEvents: 'none' }}>
              <IconFileSpreadsheet size={48} stroke={1.3} />
              <Stack gap={4}>
                <Text size="lg" fw={600}>
                  Drop a roster CSV here, or click to choose one
                </Text>
                <Text size="sm" c="dimmed">
                  One athlete per row, with their team and a guardian. Nothing is saved until you confirm.
                </Text>
              </Stack>
            </Group>
          </Dropzone>
          {preview.isPending && <Progress value={100} animated striped aria-label="Checking rows" />}
          <Text size="sm" c="dimmed">
            Columns: {ROSTER_COLUMNS.join(', ')}.{' '}
            <Anchor href={`data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`} download="roster-template.csv">
              Download a template
            </Anchor>
          </Text>
        </Stack>
      )}
      {step === 1 && file && check && (
        <Stack>
          <Alert
            color={invalid ? 'red' : 'green'}
            variant="light"
            title={
              invalid
                ? `${invalid} of ${check.result.totalRows} rows need fixing`
                : `All ${check.result.totalRows} rows are ready`
            }
          >
            {invalid
              ? 'Fix the rows marked below in your spreadsheet and choose the file again. Nothing has been imported.'
              : 'Athletes, guardians and team places will be created, and everyone is invited by e-mail.'}
          </Alert>
          <ScrollArea h={320}>
            <Table striped withTableBorder fz="xs" stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Check</Table.Th>
                  {shownColumns.map((c) => (
                    <Table.Th key={c.name}>{c.name}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {numbered.map(({ number, cells }) => {
                  const errors = errorsByRow.get(number) ?? [];
                  return (
                    <Table.Tr key={number} bg={errors.length ? 'var(--mantine-color-red-light)' : undefined}>
                      <Table.Td>{number}</Table.Td>
                      <Table.Td>
                        {errors.length ? (
                          <Text size="xs" c="red" data-testid="row-error">
                            {errors.join('; ')}
                          </Text>
                        ) : (
                          <Badge color="green" variant="light" size="xs">
                            OK
                          </Badge>
                        )}
                      </Table.Td>
                      {shownColumns.map((c) => (
                        <Table.Td key={c.name}>{cells[c.index]}</Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {commit.isPending && <Progress value={100} animated striped aria-label="Importing" />}
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep(0)}>
              Choose another file
            </Button>
            <Button
              leftSection={<IconUpload size={16} />}
              disabled={invalid > 0}
              loading={commit.isPending}
              onClick={() => commit.mutate(file.text)}
            >
              Import {check.result.totalRows} rows
            </Button>
          </Group>
        </Stack>
      )}
      {step === 2 && check && (
        <Stack align="center" py="lg">
          <Text fw={700} size="lg">
            {check.message}
          </Text>
          <Text c="dimmed" size="sm">
            {check.result.created.memberships} team places filled. Invites are on their way.
          </Text>
          <Button onClick={close}>Done</Button>
        </Stack>
      )}
    </Modal>
  );
}
