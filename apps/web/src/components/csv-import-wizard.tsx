import { parseCsv } from '@fieldhouse/shared';
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
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';

/** What every CSV import answers: a check of each row (numbered as in the spreadsheet) and a summary. */
export type CsvImportResult = { totalRows: number; validRows: number; rows: { row: number; errors: string[] }[] };

export type CsvImportWizardProps<R extends CsvImportResult> = {
  opened: boolean;
  onClose: () => void;
  /** Checks the CSV (dryRun) or imports it; rows with errors come back in the result, not as a throw. */
  importCsv: (csv: string, dryRun: boolean) => Promise<{ message: string; result: R }>;
  /** Invalidated after a complete import. */
  queryKey: QueryKey;
  title: string;
  dropTitle: string;
  dropHint: string;
  /** Every CSV column, listed under the drop zone. */
  columns: readonly string[];
  /** A sentence after the column list. */
  columnsNote?: string;
  template: { csv: string; fileName: string };
  /** The columns the preview shows to identify a row. */
  shownColumns: string[];
  readyText: string;
  doneText: (result: R) => ReactNode;
};

/** CSV import: pick a file, see every row checked, then import all of it at once. */
export function CsvImportWizard<R extends CsvImportResult>(props: CsvImportWizardProps<R>) {
  const { opened, onClose, importCsv, template } = props;
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<{ name: string; text: string; rows: string[][] } | null>(null);
  const [check, setCheck] = useState<{ message: string; result: R } | null>(null);
  const preview = useMutation({
    mutationFn: (text: string) => importCsv(text, true),
    onSuccess: (value) => {
      setCheck(value);
      setStep(1);
    },
    onError: (e) => toast.error(e.message),
  });
  const commit = useMutation({
    mutationFn: (text: string) => importCsv(text, false),
    onSuccess: async (value) => {
      setCheck(value);
      if (value.result.validRows === value.result.totalRows) {
        await queryClient.invalidateQueries({ queryKey: props.queryKey });
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
  const shownColumns = props.shownColumns
    .map((name) => ({ name, index: header.indexOf(name) }))
    .filter((c) => c.index >= 0);
  // Rows are numbered as in the spreadsheet (the header is row 1).
  const numbered = (file?.rows.slice(1) ?? []).map((cells, i) => ({ number: i + 2, cells }));
  const errorsByRow = new Map(check?.result.rows.map((r) => [r.row, r.errors]) ?? []);
  const invalid = check ? check.result.totalRows - check.result.validRows : 0;

  return (
    <Modal opened={opened} onClose={close} title={props.title} size="xl" centered>
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
                  {props.dropTitle}
                </Text>
                <Text size="sm" c="dimmed">
                  {props.dropHint}
                </Text>
              </Stack>
            </Group>
          </Dropzone>
          {preview.isPending && <Progress value={100} animated striped aria-label="Checking rows" />}
          <Text size="sm" c="dimmed">
            Columns: {props.columns.join(', ')}.{props.columnsNote ? ` ${props.columnsNote}` : ''}{' '}
            <Anchor
              href={`data:text/csv;charset=utf-8,${encodeURIComponent(template.csv)}`}
              download={template.fileName}
            >
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
              : props.readyText}
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
            {props.doneText(check.result)}
          </Text>
          <Button onClick={close}>Done</Button>
        </Stack>
      )}
    </Modal>
  );
}
